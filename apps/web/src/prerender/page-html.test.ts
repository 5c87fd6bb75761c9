import { describe, expect, it } from 'vitest';
import { pageHtml } from './page-html.ts';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Preffy Admin</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/a-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('a prerendered page', () => {
  it('parks the scripts for boot.js and sets the language, title and drawn screen', () => {
    const html = pageHtml(INDEX, { language: 'de', body: '<main><h1>Anmelden &amp; los</h1></main>' });
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<title>Anmelden &amp; los · Preffy Admin</title>');
    expect(html).toContain('<script src="/boot.js"></script>\n  </head>');
    expect(html).toContain('<div id="root" data-prerendered="de"><main>');
    // The app's scripts only inside the template: nothing asks for them before the first paint.
    const [head, template] = html.split('<template id="app-scripts">');
    expect(head).not.toContain('/assets/index-1.js');
    expect(head).not.toContain('modulepreload');
    expect(template).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(template).toContain('<link rel="modulepreload" crossorigin href="/assets/a-1.js">');
  });

  it('takes "$&", "$\'" and "</script>" in drawn text as text', () => {
    const name = "Pay $& win $' and $` </script><script>alert(1)</script> $$";
    const seed = [{ queryKey: ['public-competition', 'c1'], data: { name } }];
    const html = pageHtml(INDEX, { language: 'en', title: name, body: '<main>x</main>', seed });
    expect(html).toContain(
      "<title>Pay $&amp; win $' and $` &lt;/script>&lt;script>alert(1)&lt;/script> $$</title>",
    );
    const block = /<script type="application\/json" id="app-seed">([^<]*)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(block)).toEqual(seed);
    // One root, one head: nothing was copied in by a replacement pattern.
    expect(html.match(/<div id="root"/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });

  it('refuses a screen React left to the browser, or with an inline script', () => {
    expect(() => pageHtml(INDEX, { language: 'en', body: '<template data-msg="x"></template>' })).toThrow();
    expect(() => pageHtml(INDEX, { language: 'en', body: '<script>x</script>' })).toThrow();
  });
});
