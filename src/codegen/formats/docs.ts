/**
 * docs/index.html: one self-contained page a designer can use:
 * - one table per collection, one row per token, its modes side by side in columns; a dark mode's
 *   column (a mode named dark/night, or one applied by `prefers-color-scheme: dark`) is previewed on a
 *   dark background;
 * - previews: each type's own (`render.docs` of src/types/<type>.ts: swatches, sizes to
 *   scale, type specimens, shadow and border boxes, gradients, easing), and where a designer needs
 *   more: radius as a rounded corner, the real font stack with its fallbacks, opacity as a faded
 *   square, strings as text, booleans as on/off; repository-only tokens are marked;
 * - search over names, CSS variables, descriptions and values (the rows' text, indexed on first use); a button copies a token's `var(--name)`;
 * - the title names the project, the design file and its version (BuildOptions.source);
 * - alpha values printed rounded (`0.5`, not `0.5019607843137255`), with the build's own `alpha`
 *   (render/units.ts), also where a value did not come through a type's renderer;
 * - readable at 10,000 tokens: collections render lazily (`content-visibility`), headers stick.
 * Inline style and script only, no external resources, so it works from file:// with no server.
 * Values are the CSS ones (the web platform's transforms), aliases resolved as in that mode.
 */
import type { Dictionary, FormatFn, TransformedToken } from 'style-dictionary/types';
import { renders } from '../render/index.js';
import { alpha as shortAlpha } from '../../types/render/units.js';
import { cleanName, metaOf } from '../transforms.js';
import type { View } from '../views.js';
import { commentLines } from './comments.js';
import { linesOf, terminalOf, tokensOf, variantsOf, type FormatContext } from './common.js';
import { PICKER_SCRIPT, pickedCell, pickedHeader, pickerHtml, pickersOf } from './docs-contexts.js';
import { cssFormat } from './wrapped.js';

const SPECIAL = /[&<>"]/;
const esc = (s: string): string =>
  SPECIAL.test(s) ? s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;') : s;

/** A variable path with anything unusual hex-escaped, as anchors hold it. */
const anchorPath = (variable: string): string =>
  variable.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.codePointAt(0)!.toString(16)}`);

/**
 * Anchor of a token in one mode: view key plus the variable path with anything unusual hex-escaped;
 * each variable's path escaped once per page (every mode and every alias to it asks).
 */
function anchors(): (view: string, variable: string) => string {
  const paths = new Map<string, string>();
  return (view, variable) => {
    let p = paths.get(variable);
    if (p === undefined) paths.set(variable, (p = anchorPath(variable)));
    return `t-${view}-${p}`;
  };
}

/** A CSS value as a person reads it: alphas in rgba()/hsla() rounded. */
export function displayValue(value: string): string {
  // Most values hold neither function: no regex pass over them.
  if (!value.includes('a(')) return value;
  return value.replace(
    /\b(rgba|hsla)\(([^,()]+),([^,()]+),([^,()]+),\s*([0-9.]+)\)/g,
    (_m, fn: string, a: string, b: string, c: string, alpha: string) =>
      `${fn}(${a},${b},${c}, ${shortAlpha(Number(alpha))})`,
  );
}

const GENERIC =
  /\b(serif|sans-serif|monospace|cursive|fantasy|system-ui|ui-serif|ui-sans-serif|ui-monospace|ui-rounded|emoji|math|fangsong)\b/;

/** The font stack as a browser uses it: the token's families, then a generic fallback if it has none. */
export function fontStack(value: string): string {
  return GENERIC.test(value) ? value : `${value}, system-ui, sans-serif`;
}

/** A CSS string value ("…" with escapes) back to its text. */
function unquote(value: string): string {
  const m = /^"(.*)"$/s.exec(value);
  return m ? m[1]!.replace(/\\(.)/g, '$1') : value;
}

const isRadius = (variable: string): boolean =>
  /(^|\/)(radius|radii|rounded|corner|corners|border-radius)(\/|$|-)/i.test(variable);
const isOpacity = (variable: string): boolean => /(^|\/)(opacity|alpha)(\/|$|-)/i.test(variable);

/**
 * The preview of a token's value with every reference resolved (the page loads no stylesheet):
 * the designer's extras first, else the type's own (render.docs).
 */
function preview(t: TransformedToken, variable: string, css: string): string {
  const type = String(t['$type']);
  const v = esc(css);
  switch (type) {
    case 'dimension':
      if (isRadius(variable)) return `<span class="rad" style="border-top-left-radius:${v}"></span>`;
      break;
    case 'fontFamily':
      return `<span class="spec font" style="font-family:${esc(fontStack(css))}">The quick brown fox</span><small class="stack">${esc(fontStack(css))}</small>`;
    case 'number': {
      const n = Number(css);
      if (isOpacity(variable) && n >= 0 && n <= 1)
        return `<span class="chk"><span class="sw op" style="opacity:${n}"></span></span>`;
      return '';
    }
    case 'string':
      return `<span class="str">${esc(unquote(css))}</span>`;
    case 'boolean':
      return css === 'true' ? '<span class="on">on</span>' : '<span class="off">off</span>';
  }
  const r = renders[type as keyof typeof renders];
  return r?.docs ? r.docs(v) : '';
}

/** The resolved CSS value of a token: a composite's `resolved` form, a wide color's own space. */
function cssValue(t: TransformedToken, dictionary: Dictionary): string {
  const end = terminalOf(dictionary, t);
  const v = variantsOf(end);
  return v.resolvedWide ?? v.resolved ?? v.wide ?? String(end['$value']);
}

/** Dark modes are previewed on a dark background. */
export function isDarkView(v: View): boolean {
  return /prefers-color-scheme:\s*dark/i.test(v.media ?? '') || /\b(dark|night)\b/i.test(v.mode);
}

function title(ctx: FormatContext): string {
  const s = ctx.source;
  if (!s) return 'Design tokens';
  const file = s.fileKey ? ` · design file ${s.fileKey}${s.version ? ` v${s.version}` : ''}` : '';
  return `${s.project} design tokens${file}`;
}

const STYLE = `
:root{--docs-line:#e5e7eb;--docs-muted:#6b7280}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1b1b1f;background:#fff}
header{position:sticky;top:0;z-index:3;background:#fff;border-bottom:1px solid var(--docs-line);padding:1rem 2rem .6rem}
h1{font-size:1.35rem;margin:0 0 .2rem}.meta{color:var(--docs-muted);margin:0 0 .6rem}
#q{font:inherit;width:min(32rem,100%);padding:.45rem .7rem;border:1px solid #cbd5e1;border-radius:6px}
#count{margin-left:.8rem;color:var(--docs-muted)}
nav{margin-top:.5rem}nav a{margin-right:1rem;white-space:nowrap}
main{padding:0 2rem 3rem}
section.coll{content-visibility:auto;contain-intrinsic-size:auto 1200px}
h2{margin:2rem 0 .5rem;font-size:1.15rem}h2 small{color:var(--docs-muted);font-weight:normal}
table{border-collapse:collapse;width:100%;table-layout:fixed}
th{position:sticky;top:7.2rem;z-index:2;background:#f8fafc;text-align:left;font-weight:600;padding:.45rem .6rem;border-bottom:1px solid var(--docs-line)}
th small{display:block;font-weight:normal;color:var(--docs-muted);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
th.name{width:30%}
td{vertical-align:top;padding:.5rem .6rem;border-bottom:1px solid var(--docs-line);overflow-wrap:anywhere}
th.dk,td.dk{background:#111827;color:#f3f4f6;border-bottom-color:#1f2937}th.dk small{color:#9ca3af}td.dk a{color:#93c5fd}
code{font:12px/1.35 ui-monospace,Menlo,Consolas,monospace}
.tn{font-weight:600}.desc{color:var(--docs-muted);margin:.2rem 0 0;white-space:pre-line}
.cp{display:inline-block;margin-top:.2rem;font:12px ui-monospace,Menlo,Consolas,monospace;color:#334155;background:#f1f5f9;border:1px solid #cbd5e1;border-radius:4px;padding:.05rem .35rem;cursor:pointer}
.cp:hover{background:#e2e8f0}.cp.ok{background:#dcfce7;border-color:#86efac}
.v{display:inline-block;margin-left:.5rem;vertical-align:middle}.al{display:block;font-size:12px}
.chk{display:inline-block;width:2.5rem;height:1.5rem;border:1px solid #cbd5e1;border-radius:4px;background:repeating-conic-gradient(#d1d5db 0 25%,#fff 0 50%) 0 0/12px 12px;vertical-align:middle}
td.dk .chk{border-color:#374151;background:repeating-conic-gradient(#374151 0 25%,#1f2937 0 50%) 0 0/12px 12px}
.sw{display:block;width:100%;height:100%;border-radius:3px}.sw.op{background:#4f46e5}
.bar{display:inline-block;vertical-align:middle;height:.75rem;max-width:100%;background:#4f46e5;border-radius:2px;min-width:1px}
.rad{display:inline-block;width:2rem;height:2rem;vertical-align:middle;border-top:3px solid #4f46e5;border-left:3px solid #4f46e5;background:#eef2ff}
td.dk .rad{background:#1e1b4b;border-color:#818cf8}
.spec{display:block;margin-bottom:.15rem;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;font-size:16px}
.stack{display:block;color:var(--docs-muted);font-size:11px}
.str{display:inline-block;padding:.1rem .4rem;border:1px dashed #cbd5e1;border-radius:4px}
.on,.off{display:inline-block;padding:0 .5rem;border-radius:999px;font-size:12px}.on{background:#dcfce7;color:#166534}.off{background:#fee2e2;color:#991b1b}
.box{display:inline-block;width:4rem;height:2.5rem;background:#fff;border-radius:4px;margin:.5rem;vertical-align:middle}
.wide{width:8rem}
.ease{display:inline-block;width:6rem;height:.5rem;background:#e5e7eb;border-radius:4px;position:relative;vertical-align:middle}
.ease span{position:absolute;left:0;top:0;width:.5rem;height:.5rem;border-radius:50%;background:#4f46e5}
.tr{display:block}
.repo{display:inline-block;margin-left:.4rem;color:#8a5a00;font-size:12px}
tr:target td,td:target{outline:2px solid #f59e0b;outline-offset:-2px}
tr[hidden]{display:none}
header:has(#ctx)~main th{top:9rem}#ctx{margin:.4rem 0 0}#ctx label{margin-right:1rem}#ctx select{font:inherit}
th.cur,td.cur{background:#fffbeb}`;

const SCRIPT = `
const q=document.getElementById('q'),count=document.getElementById('count');
const rows=[...document.querySelectorAll('tr.t')],secs=[...document.querySelectorAll('section.coll')];let index;
q.addEventListener('input',()=>{const s=q.value.trim().toLowerCase();let n=0;
index??=rows.map((r)=>r.textContent.toLowerCase());
rows.forEach((r,i)=>{const hit=!s||index[i].includes(s);r.hidden=!hit;if(hit)n++});
for(const sec of secs)sec.hidden=!!s&&!sec.querySelector('tr.t:not([hidden])');
count.textContent=s?n+' of '+rows.length+' tokens':'';});
document.addEventListener('click',(e)=>{const b=e.target.closest&&e.target.closest('.cp');if(!b)return;
const text=b.dataset.copy,done=()=>{b.classList.add('ok');b.title='Copied '+text;setTimeout(()=>b.classList.remove('ok'),1200)};
if(navigator.clipboard&&navigator.clipboard.writeText)navigator.clipboard.writeText(text).then(done,()=>fallback(text,done));else fallback(text,done);});
function fallback(text,done){const t=document.createElement('textarea');t.value=text;document.body.appendChild(t);t.select();try{document.execCommand('copy');done()}finally{t.remove()}}`;

export function docsFormat(ctx: FormatContext): FormatFn {
  return async (args) => {
    const pickers = pickersOf(ctx);
    // Collections in order, each with its views (modes) in order.
    const collections: { name: string; views: View[] }[] = [];
    for (const v of ctx.views) {
      const c = collections.at(-1);
      if (c && c.name === v.collection.name) c.views.push(v);
      else collections.push({ name: v.collection.name, views: [v] });
    }
    const heading = title(ctx);
    const anchorOf = anchors();
    let total = 0;
    const body: string[] = [];
    const nav: string[] = [];
    collections.forEach((c, ci) => {
      // variable -> token, per view; rows in the default view's order, then any the others add.
      const byView = c.views.map(
        (v) => new Map(tokensOf(args.dictionary, [v.key]).map((t) => [metaOf(t).variable, t])),
      );
      const order: string[] = [];
      const seen = new Set<string>();
      for (const m of byView) for (const name of m.keys()) if (!seen.has(name)) seen.add(name), order.push(name);
      total += order.length;
      const id = `c${ci}`;
      nav.push(`<a href="#${id}">${esc(c.name)} <small>(${order.length})</small></a>`);
      body.push(
        `<section class="coll" id="${id}">`,
        `<h2>${esc(c.name)} <small>${order.length} token${order.length === 1 ? '' : 's'} · ${c.views.length} mode${c.views.length === 1 ? '' : 's'}</small></h2>`,
      );
      const cols = c.views
        .map((v) => {
          const where = v.isDefault ? 'default · :root' : `${v.selector}${v.media ? ` · ${v.media}` : ''}`;
          return `<th class="${isDarkView(v) ? 'dk' : ''}" id="${v.key}">${esc(v.mode)}<small>${esc(where)}</small></th>`;
        })
        .join('');
      const picked = pickers.length > 0 ? pickedHeader : '';
      const dark = c.views.map((v) => (isDarkView(v) ? ' class="dk"' : ''));
      body.push('<table>', `<thead><tr><th class="name">Token</th>${cols}${picked}</tr></thead>`, '<tbody>');
      for (const variable of order) {
        const first = byView.map((m) => m.get(variable)).find((t) => t !== undefined)!;
        const cssName = `--${cleanName(first)}`;
        const desc =
          typeof first['$description'] === 'string' && first['$description'] !== ''
            ? `<p class="desc">${esc(commentLines(first['$description']).join('\n'))}</p>`
            : '';
        const repo = metaOf(first).repo ? '<small class="repo">repository only</small>' : '';
        const cells = c.views.map((v, vi) => {
          const t = byView[vi]!.get(variable);
          const dk = dark[vi]!;
          if (!t) return `<td${dk}></td>`;
          const m = metaOf(t);
          const css = cssValue(t, args.dictionary);
          const shown = displayValue(css);
          const alias = m.alias
            ? `<a class="al" href="#${anchorOf(m.alias.view, m.alias.variable)}">→ ${esc(`${m.alias.collection}/${m.alias.variable}`)}</a>`
            : '';
          return `<td${dk} id="${anchorOf(v.key, variable)}">${preview(t, variable, css)}<code class="v">${esc(shown)}</code>${alias}</td>`;
        });
        if (pickers.length > 0) cells.push(pickedCell(cssName, first['$type']));
        body.push(
          `<tr class="t"><td><code class="tn">${esc(variable)}</code>${repo}<br><button class="cp" type="button" data-copy="var(${esc(cssName)})" title="Copy var(${esc(cssName)})">${esc(cssName)}</button>${desc}</td>${cells.join('')}</tr>`,
        );
      }
      body.push('</tbody>', '</table>', '</section>');
    });
    const out: string[] = [];
    out.push(
      '<!doctype html>',
      '<html lang="en">',
      '<head>',
      '<meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
    );
    // With contexts, the built CSS is in the page, before its own style (docs-contexts.ts).
    // `</style` in a token's string value would end the element: `\/` is the same character in CSS.
    const css = pickers.length > 0 ? String(await cssFormat(ctx)(args)).replace(/<\/(style)/gi, '<\\/$1') : '';
    const tokensCss = pickers.length > 0 ? [`<style id="tokens">\n${css}</style>`] : [];
    out.push(`<title>${esc(heading)}</title>`, ...tokensCss, `<style>${STYLE}\n</style>`, '</head>', '<body>');
    out.push('<!-- Do not edit directly, this file was auto-generated. -->');
    out.push('<header>', `<h1>${esc(heading)}</h1>`);
    out.push(
      `<p class="meta">${total} token${total === 1 ? '' : 's'} in ${collections.length} collection${collections.length === 1 ? '' : 's'}. Click a CSS variable to copy it.</p>`,
    );
    out.push(
      '<input id="q" type="search" placeholder="Search by name, CSS variable or value" aria-label="Search tokens"><span id="count"></span>',
    );
    if (pickers.length > 0) out.push(pickerHtml(pickers));
    out.push(`<nav>${nav.join('')}</nav>`, '</header>', '<main>', ...body, '</main>');
    const script = pickers.length > 0 ? `${SCRIPT}${PICKER_SCRIPT}` : SCRIPT;
    out.push(`<script>${script}\n</script>`, '</body>', '</html>');
    return linesOf(out);
  };
}
