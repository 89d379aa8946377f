// Hand-written types for the generated embind modules build/wasm/tensorplay.mjs and
// tensorplay-core.mjs (wasm/bindings.cpp; the same interface, Note [Two modules]).
// Emscripten 3.1.6 cannot emit them (no --emit-tsd).

export interface Session {
  /** Runs a whole program in a fresh world; returns the trace JSON (engine/trace/SCHEMA.md). */
  run(source: string): string;
  /** Runs one REPL input in the same world; returns the JSON of that step. */
  exec(line: string): string;
  /** Drops every object and starts a fresh world. */
  reset(): void;
  /** The program run without a trace (its stdout): the baseline tracing is measured against. */
  runUntraced(source: string): string;
  /** The trace with every step a keyframe (the reference the delta decoding is tested against). */
  runFull(source: string): string;
  /** The text of a tensor repr the last traces refer to by `repr_ref` ("" for an unknown ref). */
  repr(ref: number): string;
  /** Frees the C++ object (embind handles are not garbage-collected). */
  delete(): void;
}

export interface TensorplayModule {
  Session: { new (): Session };
  /** Engine build description (version, optimisation). */
  version(): string;
  /** Throws a C++ exception through the guarded binding layer (for tests of error delivery). */
  throwForTest(message: string): void;
  /** Bytes currently allocated on the C++ heap (mallinfo().uordblks). */
  heapInUse(): number;
  /** The line the last run or REPL input was at (0 before any); readable after a trap. */
  lastLine(): number;
}

export interface TensorplayOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string, prefix: string) => string;
  print?: (text: string) => void;
  printErr?: (text: string) => void;
  /** Instantiates the module itself (e.g. from an already compiled WebAssembly.Module); returns {} when async. */
  instantiateWasm?: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) => object;
}

declare function createTensorplay(options?: TensorplayOptions): Promise<TensorplayModule>;
export default createTensorplay;
