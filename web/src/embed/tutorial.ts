// The sample tutorial (tutorial/*.html): an article with several <tensor-playground>s, loading the
// element as any author would, plus the site's offline cache (sw.js lives one folder up).
import '../../tutorial/tutorial.css';
import { registerOffline } from '../offline/register';
import './element';

registerOffline('../');
