// @vitest-environment happy-dom
// The embed's pure parts: the program text an author writes inside the element, the `panels`
// attribute, and the two snippets the Embed button copies (which must give back the same program).
import { describe, expect, test } from 'vitest';
import { parsePanels, programText } from '../src/embed/attributes';
import { elementSnippet, escapeHtml, iframeSnippet } from '../src/embed/snippet';
import { parseHash } from '../src/model/persist';

const CODE = 'import torch\nx = torch.tensor([1., 2.])\nif x[0] < 2 and "a" != \'<b>\':\n    print(x & x > 0)\n';

describe('programText', () => {
  test('removes the indentation of the surrounding HTML and blank edge lines, keeps inner indentation', () => {
    const raw = '\n        import torch\n        for i in range(2):\n            print(i)\n\n      ';
    expect(programText(raw)).toBe('import torch\nfor i in range(2):\n    print(i)\n');
  });
  test('CRLF and tabs', () => {
    expect(programText('\r\n\tx = 1\r\n\tif x:\r\n\t\tprint(x)\r\n')).toBe('x = 1\nif x:\n\tprint(x)\n');
  });
  test('an empty element gives an empty program', () => {
    expect(programText('   \n  ')).toBe('\n');
  });
});

describe('parsePanels', () => {
  test('spaces or commas; unknown names ignored; none means all four', () => {
    expect([...parsePanels('code, memory graph')]).toEqual(['code', 'memory', 'graph']);
    expect([...parsePanels('nonsense')]).toEqual(['code', 'memory', 'console', 'graph']);
    expect([...parsePanels(null)]).toEqual(['code', 'memory', 'console', 'graph']);
  });
});

describe('snippets', () => {
  const spec = { site: 'https://example.org/course/tp/', code: CODE, step: 3, lang: 'zh-CN' as const };

  test('the element form: the script from the site, the attributes, the program as text that reads back exactly', () => {
    const html = elementSnippet(spec);
    expect(html).toContain('<script type="module" src="https://example.org/course/tp/tensor-playground.js"></script>');
    expect(html).toContain('<tensor-playground lang="zh-CN" step="3">');
    const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
    const pre = doc.querySelector('tensor-playground > pre');
    expect(pre).not.toBeNull();
    expect(programText(pre!.textContent ?? '')).toBe(CODE);
    expect(doc.querySelectorAll('b').length).toBe(0); // the program never becomes markup
  });

  test('the iframe form: embed.html with the program, step and language in the hash', () => {
    const html = iframeSnippet(spec);
    // read the attribute as a browser would (happy-dom would try to load the frame)
    const src = html.match(/<iframe src="([^"]+)"/)![1].replace(/&amp;/g, '&');
    const url = new URL(src);
    expect(url.origin + url.pathname).toBe('https://example.org/course/tp/embed.html');
    expect(parseHash(url.hash)).toEqual({ code: CODE, step: 3, lang: 'zh-CN' });
  });

  test('no step before a run', () => {
    expect(elementSnippet({ ...spec, step: undefined })).toContain('<tensor-playground lang="zh-CN">');
  });

  test('escapeHtml', () => {
    expect(escapeHtml('<a href="x">&</a>')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;');
  });
});
