/**
 * docs/index.html: one self-contained page with every token per collection and mode (issue 5):
 * color swatches, sizes drawn to scale, type specimens, aliases as links to their target's row.
 * Inline styles only, no scripts and no external resources, so it reads from file:// with no server.
 * Values are the CSS ones (the web platform's transforms), aliases resolved as in that mode.
 */
import type { Dictionary, FormatFn, TransformedToken } from 'style-dictionary/types';
import { renders } from '../render/index.js';
import { cleanName, metaOf } from '../transforms.js';
import { terminalOf, tokensOf, variantsOf, type FormatContext } from './common.js';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Anchor of a token row: view key plus the variable path with anything unusual hex-escaped. */
export function anchor(view: string, variable: string): string {
  return `t-${view}-${variable.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.codePointAt(0)!.toString(16)}`)}`;
}

/**
 * The type's own preview (render/*.ts `docs`) of the value with every reference resolved (the
 * page loads no stylesheet), wide-gamut colors as such.
 */
function preview(t: TransformedToken, dictionary: Dictionary): string {
  return previewOf(String(t['$type']), cssValue(t, dictionary));
}

function previewOf(type: string, css: string): string {
  const r = renders[type as keyof typeof renders];
  return r?.docs ? r.docs(esc(css)) : '';
}

/** The resolved CSS value of a token: a composite's `resolved` form, a wide color's own space. */
function cssValue(t: TransformedToken, dictionary: Dictionary): string {
  const end = terminalOf(dictionary, t);
  const v = variantsOf(end);
  return v.resolvedWide ?? v.resolved ?? v.wide ?? String(end['$value']);
}

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2rem;color:#1b1b1f;background:#fff}
h1{font-size:1.6rem}h2{margin-top:2.5rem;border-bottom:2px solid #ddd}h3{margin-top:1.5rem}
nav a{margin-right:1rem}
table{border-collapse:collapse;width:100%;table-layout:fixed}th:nth-child(1){width:30%}th:nth-child(2){width:25%}th:nth-child(3){width:25%}th,td{text-align:left;vertical-align:middle;padding:.4rem .6rem;border-bottom:1px solid #eee}
code{font:12px/1.3 ui-monospace,Menlo,Consolas,monospace}.desc{color:#555;margin:.2rem 0 0}
.chk{display:inline-block;width:3rem;height:2rem;border:1px solid #ccc;border-radius:4px;background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/12px 12px}
.sw{display:block;width:100%;height:100%;border-radius:3px}
.bar{display:inline-block;height:.75rem;background:#4f46e5;border-radius:2px;min-width:1px}
.pv{max-width:40vw;overflow-x:auto}
.spec{white-space:nowrap}
.box{display:inline-block;width:4rem;height:2.5rem;background:#fff;border-radius:4px;margin:.5rem}
.wide{width:8rem}
.ease{display:inline-block;width:6rem;height:.5rem;background:#eee;border-radius:4px;position:relative}
.ease span{position:absolute;left:0;top:0;width:.5rem;height:.5rem;border-radius:50%;background:#4f46e5}
.repo{color:#8a5a00}
:target{background:#fff7c2}`;

export function docsFormat(ctx: FormatContext): FormatFn {
  return (args) => {
    const out: string[] = [];
    out.push('<!doctype html>', '<html lang="en">', '<head>', '<meta charset="utf-8">', '<meta name="viewport" content="width=device-width, initial-scale=1">');
    out.push('<title>Design tokens</title>', `<style>${STYLE}\n</style>`, '</head>', '<body>', '<h1>Design tokens</h1>');
    out.push('<!-- Do not edit directly, this file was auto-generated. -->');
    out.push('<nav>');
    for (const v of ctx.views) out.push(`<a href="#${v.key}">${esc(v.collection.name)} · ${esc(v.mode)}</a>`);
    out.push('</nav>');
    let collection = '';
    for (const v of ctx.views) {
      if (v.collection.name !== collection) {
        collection = v.collection.name;
        out.push(`<h2>${esc(collection)}</h2>`);
      }
      const where = v.isDefault ? `default, <code>:root</code>` : `<code>${esc(v.selector)}</code>${v.media ? `, <code>${esc(v.media)}</code>` : ''}`;
      out.push(`<section id="${v.key}">`, `<h3>${esc(v.mode)} <small>(${where})</small></h3>`);
      out.push('<table>', '<thead><tr><th>Token</th><th>Preview</th><th>Value</th><th>Alias of</th></tr></thead>', '<tbody>');
      for (const t of tokensOf(args.dictionary, [v.key])) {
        const m = metaOf(t);
        const desc = typeof t['$description'] === 'string' && t['$description'] !== '' ? `<p class="desc">${esc(t['$description'])}</p>` : '';
        const alias = m.alias
          ? `<a href="#${anchor(m.alias.view, m.alias.variable)}">${esc(`${m.alias.collection}/${m.alias.variable}`)}</a>`
          : '';
        out.push(
          `<tr id="${anchor(v.key, m.variable)}"><td><code>${esc(m.variable)}</code><br><code>--${esc(cleanName(t))}</code>${desc}</td>` +
            `<td class="pv">${preview(t, args.dictionary)}</td><td><code>${esc(cssValue(t, args.dictionary))}</code>${m.repo ? ' <small class="repo">repository only</small>' : ''}</td><td>${alias}</td></tr>`,
        );
      }
      out.push('</tbody>', '</table>', '</section>');
    }
    out.push('</body>', '</html>');
    return `${out.join('\n')}\n`;
  };
}
