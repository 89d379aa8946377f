// embed.html, the iframe form of an embed: everything comes from the address's hash,
//   embed.html#code=<base64url>&step=N&lang=zh-CN&readonly&panels=code,memory&theme=dark
// (code, step and lang as in the playground's share links), and one <tensor-playground> fills the frame.
import { parseHash } from '../model/persist';
import { registerOffline } from '../offline/register';
import './element';

const params = new URLSearchParams(location.hash.replace(/^#/, ''));
const shared = parseHash(location.hash);
const el = document.createElement('tensor-playground');
if (shared.lang) el.setAttribute('lang', shared.lang);
if (shared.step !== undefined) el.setAttribute('step', String(shared.step));
if (params.has('readonly')) el.setAttribute('readonly', '');
for (const name of ['panels', 'theme']) {
  const v = params.get(name);
  if (v) el.setAttribute(name, v);
}
el.setAttribute('height', '100%');
const pre = document.createElement('pre');
pre.textContent = shared.code ?? '';
el.append(pre);
document.documentElement.lang = shared.lang ?? document.documentElement.lang;
document.getElementById('frame')!.append(el);
registerOffline();
