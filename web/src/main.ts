// Entry point: paint the page at once, then load the WebAssembly engine and run the program.
import './styles.css';
import { App } from './app';
import { loadTensorplay } from './engine/engine';
import { EngineHost } from './engine/host';

const app = new App(document.getElementById('app')!);
(window as unknown as { __tensorplay: App }).__tensorplay = app;
void app.attach(EngineHost.create(loadTensorplay));
