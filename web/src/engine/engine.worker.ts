// The dedicated module worker that runs the engine, so that a long program never freezes the page
// (the page can only end a run by terminating this worker; see worker-host.ts).
import { loadTensorplay } from './engine';
import { serveEngine, type ServerPort } from './engine-server';

serveEngine(self as unknown as ServerPort, loadTensorplay);
