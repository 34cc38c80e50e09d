/**
 * The stored-XSS corpus. Every payload gives itself away if it ever runs: it assigns its own
 * number to `window.__xss` (`top.__xss` from inside a frame) or calls `alert` with it, so the
 * suite sees that something ran and which payload it was.
 *
 * Bodies are written as functions of that number so a payload can never report another's.
 */

export type XssFamily =
  | 'script tag'
  | 'event handler'
  | 'dangerous URL'
  | 'SVG and MathML'
  | 'broken markup'
  | 'mutation XSS'
  | 'attribute breakout'
  | 'encoded'
  | 'framed document'
  | 'meta refresh'
  | 'URL field';

export type XssPayload = { id: number; family: XssFamily; body: string };

/** What the base64 payloads decode to: the same assignment every other payload makes. */
const flagScript = (n: number) => btoa(`window.__xss=${n}`);
const alertDocument = (n: number) => btoa(`<script>alert(${n})</script>`);

const BODIES: [XssFamily, (n: number) => string][] = [
  ['script tag', (n) => `<script>window.__xss=${n}</script>`],
  ['script tag', (n) => `<ScRiPt>alert(${n})</sCrIpT>`],
  ['script tag', (n) => `<script src="data:text/javascript,window.__xss=${n}"></script>`],
  ['script tag', (n) => `<script>/*</script><script>*/window.__xss=${n}</script>`],

  ['event handler', (n) => `<img src=x onerror="window.__xss=${n}">`],
  ['event handler', (n) => `<svg onload=window.__xss=${n}>`],
  ['event handler', (n) => `<body onload=window.__xss=${n}>`],
  ['event handler', (n) => `<details open ontoggle=window.__xss=${n}>`],
  ['event handler', (n) => `<input autofocus onfocus=window.__xss=${n}>`],
  ['event handler', (n) => `<video><source onerror="window.__xss=${n}"></video>`],
  ['event handler', (n) => `<div onpointerover="alert(${n})" style="position:fixed;inset:0">`],
  ['event handler', (n) => `<img src=x onerror=eval(atob('${flagScript(n)}'))>`],

  ['dangerous URL', (n) => `<a href="javascript:window.__xss=${n}">click</a>`],
  ['dangerous URL', (n) => `<a href="JaVaScRiPt:alert(${n})">click</a>`],
  ['dangerous URL', (n) => `<a href=" java&#x09;script:window.__xss=${n}">click</a>`],
  ['dangerous URL', (n) => `<a href="data:text/html;base64,${alertDocument(n)}">click</a>`],
  ['dangerous URL', (n) => `<iframe src="javascript:top.__xss=${n}"></iframe>`],
  [
    'dangerous URL',
    (n) => `<form action="javascript:window.__xss=${n}"><button>go</button></form>`,
  ],
  [
    'dangerous URL',
    (n) => `<form><button formaction="javascript:window.__xss=${n}">go</button></form>`,
  ],
  ['dangerous URL', (n) => `<object data="javascript:top.__xss=${n}"></object>`],
  ['dangerous URL', (n) => `<embed src="data:text/html;base64,${alertDocument(n)}">`],

  ['SVG and MathML', (n) => `<svg><script>window.__xss=${n}</script></svg>`],
  [
    'SVG and MathML',
    (n) => `<svg><a xlink:href="javascript:window.__xss=${n}"><text y=20>x</text></a></svg>`,
  ],
  ['SVG and MathML', (n) => `<svg><animate onbegin=window.__xss=${n} attributeName=x dur=1s>`],
  [
    'SVG and MathML',
    (n) =>
      `<svg><a><set attributeName=href to="javascript:window.__xss=${n}"/><text y=20>x</text></a></svg>`,
  ],
  [
    'SVG and MathML',
    (n) => `<svg><foreignObject><img src=x onerror=window.__xss=${n}></foreignObject></svg>`,
  ],
  ['SVG and MathML', (n) => `<math><a href="javascript:window.__xss=${n}">x</a></math>`],

  ['broken markup', (n) => `<img src=x onerror=window.__xss=${n}`],
  ['broken markup', (n) => `<<script>window.__xss=${n}//<</script>`],
  ['broken markup', (n) => `<img """><script>window.__xss=${n}</script>">`],
  ['broken markup', (n) => `<scr<script>ipt>window.__xss=${n}</scr</script>ipt>`],
  ['broken markup', (n) => `</title><script>window.__xss=${n}</script>`],
  ['broken markup', (n) => `--><img src=x onerror=window.__xss=${n}><!--`],
  ['broken markup', (n) => `<!--<img src="--><img src=x onerror=window.__xss=${n}//">`],
  ['broken markup', (n) => `<a href="https://x.test/"onmouseover="window.__xss=${n}">x</a>`],

  ['mutation XSS', (n) => `<noscript><p title="</noscript><img src=x onerror=window.__xss=${n}>">`],
  ['mutation XSS', (n) => `<svg></p><style><a id="</style><img src=x onerror=window.__xss=${n}>">`],
  [
    'mutation XSS',
    (n) => `<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=${n}>`,
  ],
  [
    'mutation XSS',
    (n) =>
      `<form><math><mtext></form><form><mglyph><style></math><img src onerror=window.__xss=${n}>`,
  ],
  ['mutation XSS', (n) => `<template><s><template><img src=x onerror=window.__xss=${n}>`],
  [
    'mutation XSS',
    (n) => `<textarea><img title="</textarea><img src=x onerror=window.__xss=${n}>">`,
  ],
  ['mutation XSS', (n) => `<title><img title="</title><img src=x onerror=window.__xss=${n}>">`],
  ['mutation XSS', (n) => `<xmp><p title="</xmp><img src=x onerror=window.__xss=${n}>">`],
  ['mutation XSS', (n) => `<style><img src=x onerror=window.__xss=${n}></style>`],
  ['mutation XSS', (n) => `<select><option><img src=x onerror=window.__xss=${n}>`],

  ['attribute breakout', (n) => `"><img src=x onerror=window.__xss=${n}>`],
  ['attribute breakout', (n) => `'><svg onload=window.__xss=${n}>`],
  ['attribute breakout', (n) => `" autofocus onfocus="window.__xss=${n}" x="`],
  ['attribute breakout', (n) => `' autofocus onfocus='window.__xss=${n}' x='`],
  ['attribute breakout', (n) => `"><a href="javascript:window.__xss=${n}">x</a>`],

  ['encoded', (n) => `&lt;img src=x onerror=window.__xss=${n}&gt;`],
  ['encoded', (n) => `&#60;script&#62;window.__xss=${n}&#60;/script&#62;`],
  ['encoded', (n) => `%3Cimg%20src%3Dx%20onerror%3Dwindow.__xss%3D${n}%3E`],
  ['encoded', (n) => `\\u003cimg src=x onerror=window.__xss=${n}\\u003e`],
  ['encoded', (n) => `<img src=x onerror="&#119;indow.__xss=${n}">`],
  [
    'encoded',
    (n) => `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;:alert(${n})">x</a>`,
  ],
  ['encoded', (n) => `<a href="&#0000106avascript:window.__xss=${n}">x</a>`],
  ['encoded', (n) => `＜script＞window.__xss=${n}＜/script＞`],

  ['framed document', (n) => `<iframe srcdoc="<script>top.__xss=${n}</script>"></iframe>`],
  ['framed document', (n) => `<iframe srcdoc="&lt;img src=x onerror=top.__xss=${n}&gt;"></iframe>`],

  [
    'meta refresh',
    (n) => `<meta http-equiv="refresh" content="0;url=javascript:window.__xss=${n}">`,
  ],
  [
    'meta refresh',
    (n) => `<meta http-equiv="refresh" content="0;url=data:text/html;base64,${alertDocument(n)}">`,
  ],

  // Shaped for the fields that hold an address: the scheme checks must refuse the first five,
  // and the last two, accepted as web addresses, must stay inside the attribute they land in.
  ['URL field', (n) => `javascript:window.__xss=${n}`],
  ['URL field', (n) => `JAVASCRIPT:alert(${n})`],
  ['URL field', (n) => `java\tscript:window.__xss=${n}`],
  ['URL field', (n) => `data:text/html;base64,${alertDocument(n)}`],
  ['URL field', (n) => `https:javascript:alert(${n})`],
  ['URL field', (n) => `https://xss.example/"><img src=x onerror=window.__xss=${n}>`],
  ['URL field', (n) => `https://xss.example/'onmouseover='window.__xss=${n}`],
];

export const XSS_PAYLOADS: readonly XssPayload[] = BODIES.map(([family, body], index) => ({
  id: index + 1,
  family,
  body: body(index + 1),
}));

/**
 * The text a page shows for a payload stored in a field: `xss-gn-07` for payload 7 in the field
 * coded `gn`. It is plain text, so it survives sanitising and proves the row reached the screen.
 */
export const xssMarker = (field: string, id: number) =>
  `xss-${field}-${String(id).padStart(2, '0')}`;

/** Finds the markers in a page's text: the field code and the payload number. */
export const XSS_MARKER_PATTERN = /xss-([a-z]{2})-(\d{2})/g;
