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
