// Entry point: paint the page at once, then load the WebAssembly engine (in a worker) and run the program.
import './styles.css';
import { App } from './app';
import { WorkerHost } from './engine/worker-host';

const app = new App(document.getElementById('app')!);
(window as unknown as { __tensorplay: App }).__tensorplay = app;
// The engine runs in a module worker so a long program never blocks the page (Vite bundles it).
void app.attach(WorkerHost.create(() => new Worker(new URL('./engine/engine.worker.ts', import.meta.url), { type: 'module' })));
