import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

function parse(html: string) {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

describe.each(['summary', 'article'] as const)('sanitizeHtml (%s profile)', (profile) => {
  it('drops scripts with their content', () => {
    const html = sanitizeHtml('<p>Hello</p><script>alert(1)</script>', profile);
    expect(html).toBe('<p>Hello</p>');
  });

  it('drops images with handlers, and every on* and style attribute', () => {
    const html = sanitizeHtml(
      '<p onclick="alert(1)" style="color:red">Hi <img src=x onerror=alert(1)><b onmouseover="x()">there</b></p>',
      profile,
    );
    expect(html).toBe('<p>Hi <b>there</b></p>');
  });

  it('removes javascript: and data: addresses but keeps the link text', () => {
    const dom = parse(
      sanitizeHtml(
        '<p><a href="javascript:alert(1)">one</a> <a href=" JaVaScRiPt:alert(1)">two</a> <a href="data:text/html,x">three</a></p>',
        profile,
      ),
    );
    const links = dom.querySelectorAll('a');
    expect(links).toHaveLength(3);
    for (const link of links) expect(link).not.toHaveAttribute('href');
    expect(dom.textContent).toBe('one two three');
  });

  it('keeps web and mail links with href only, opening web links in a new tab', () => {
    const dom = parse(
      sanitizeHtml(
        '<p><a href="https://example.com" title="t" class="c" id="i">web</a> <a href="mailto:team@example.com" target="_self">mail</a></p>',
        profile,
      ),
    );
    const [web, mail] = dom.querySelectorAll('a');
    expect(web).toHaveAttribute('href', 'https://example.com');
    expect(web).toHaveAttribute('target', '_blank');
    expect(web).toHaveAttribute('rel', 'noopener noreferrer');
    expect(web).not.toHaveAttribute('title');
    expect(web).not.toHaveAttribute('class');
    expect(web).not.toHaveAttribute('id');
    expect(mail).toHaveAttribute('href', 'mailto:team@example.com');
    expect(mail).not.toHaveAttribute('target');
  });

  it('keeps the inline tags every profile allows', () => {
    const html = '<p><b>b</b><i>i</i><em>em</em><strong>strong</strong></p>';
    expect(sanitizeHtml(html, profile)).toBe(html);
  });

  it('unwraps tags outside every profile but keeps their text', () => {
    expect(sanitizeHtml('<div><span>kept</span><iframe src="x"></iframe></div>', profile)).toBe(
      'kept',
    );
  });
});

describe.each(['summary', 'article'] as const)('hostile markup (%s profile)', (profile) => {
  const allowed: Record<typeof profile, string[]> = {
    summary: ['B', 'I', 'EM', 'STRONG', 'A', 'P'],
    article: ['B', 'I', 'EM', 'STRONG', 'A', 'P', 'H1', 'H2', 'UL', 'LI'],
  };

  it.each([
    '<svg><p><style><img src=x onerror=alert(1)></style></p></svg>',
    '<math><mi><mglyph><style><img src=x onerror=alert(1)>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
    '<a href="https://example.com" onclick="alert(1)"><img src=x onerror=alert(1)>x</a>',
    '<p>a<!-- <img src=x onerror=alert(1)> -->b</p>',
    '<template><img src=x onerror=alert(1)></template><p>ok</p>',
    '<p><a href="jav&#x09;ascript:alert(1)">tab</a><a href="&#106;avascript:alert(1)">entity</a></p>',
    '<object data="x"><p>fallback</p></object><iframe srcdoc="<script>alert(1)</script>"></iframe>',
  ])('leaves only allowed tags and link attributes in %s', (html) => {
    const dom = parse(sanitizeHtml(html, profile));
    for (const element of dom.querySelectorAll('*')) {
      expect(allowed[profile]).toContain(element.tagName);
      for (const { name } of element.attributes) expect(['href', 'rel', 'target']).toContain(name);
    }
    for (const link of dom.querySelectorAll('a[href]')) {
      expect(link.getAttribute('href')).toMatch(/^(https?|mailto):/i);
    }
  });

  it('keeps text that looks like markup as text', () => {
    const dom = parse(sanitizeHtml('<p>1 &lt; 2 &amp;&amp; &lt;script&gt;</p>', profile));
    expect(dom.querySelectorAll('script')).toHaveLength(0);
    expect(dom.textContent).toBe('1 < 2 && <script>');
  });

  it('drops comments, and SVG and MathML with their content', () => {
    expect(
      sanitizeHtml(
        '<p>a<!-- note -->b</p><svg><text>drawn</text></svg><math><mi>x</mi></math>',
        profile,
      ),
    ).toBe('<p>ab</p>');
  });
});

describe('the summary profile', () => {
  it('flattens headings and lists to their text', () => {
    expect(sanitizeHtml('<h1>Title</h1><h2>Sub</h2><ul><li>one</li></ul>', 'summary')).toBe(
      'TitleSubone',
    );
  });
});

describe('the article profile', () => {
  it('keeps headings and bullet lists', () => {
    const html = '<h1>Title</h1><h2>Sub</h2><ul><li>one</li><li>two</li></ul><p>end</p>';
    expect(sanitizeHtml(html, 'article')).toBe(html);
  });

  it('still refuses tags beyond its list', () => {
    expect(
      sanitizeHtml('<h3>h3</h3><ol><li>x</li></ol><table><tr><td>t</td></tr></table>', 'article'),
    ).toBe('h3<li>x</li>t');
  });
});
