/**
 * The docs page's context picker (docs/build.md "Contexts"): for a resolver with contexts, one
 * `<select>` per modifier in the header, the built CSS (css/tokens.css, the same blocks) embedded in
 * the page, and a last column "Picked" in every table. Picking a context applies that context's
 * selectors to the page root (`[data-mode="dark"]` sets the attribute, `.theme-acme` adds the class;
 * a combined selector is two of them; a selector list, its first alternative of that kind; any other
 * selector is refused, naming its config key), so the CSS contexts apply exactly as in an app; the column's
 * swatch is `var(--token)` and its text the root's computed value, i.e. the token resolved in the
 * picked input. `?mode=dark&brand=acme` in the page's address picks those contexts on load.
 */
import { BuildError } from '../errors.js';
import { modifierOf } from '../inputs.js';
import type { View } from '../views.js';
import type { FormatContext } from './common.js';

export interface Picker {
  modifier: string;
  /** Default first; `selectors`: what the context applies to the root. */
  options: { context: string; label: string; selectors: string[] }[];
}

/** The modifiers a reader can pick, with their contexts; empty for a page without contexts. */
export function pickersOf(ctx: FormatContext): Picker[] {
  const contextViews = ctx.contextViews ?? [];
  if (contextViews.length === 0 && !ctx.views.some((v) => v.collection.modifier !== undefined)) return [];
  const out = new Map<string, Picker>();
  const add = (modifier: string, context: string, label: string, selector: string | undefined): void => {
    const picker = out.get(modifier) ?? { modifier, options: [] };
    out.set(modifier, picker);
    let option = picker.options.find((o) => o.context === context);
    if (!option) picker.options.push((option = { context, label, selectors: [] }));
    if (selector !== undefined && !option.selectors.includes(selector)) option.selectors.push(selector);
  };
  for (const v of ctx.views) {
    const c = v.collection;
    if (c.modes.length < 2 && c.modifier === undefined) continue;
    add(modifierOf(c), v.mode, v.mode, applicable(v));
  }
  const byKey = new Map(ctx.views.map((v) => [`${v.collection.name}\u0000${v.mode}`, v]));
  for (const v of contextViews) {
    const parentView = byKey.get(`${v.parent}\u0000${v.mode}`);
    if (!parentView?.isDefault) continue; // the single blocks; combined ones are two selectors applied
    const modifier = v.collection.modifier?.name ?? v.parent ?? v.collection.name;
    if (!out.has(modifier)) add(modifier, '', 'default', undefined);
    add(
      modifier,
      v.collection.modifier?.context ?? v.collection.name,
      v.collection.modifier?.context ?? v.collection.name,
      applicable(v),
    );
  }
  return [...out.values()];
}

/** One compound of classes and attributes, on the root element (`:root` or `html` may lead it). */
const COMPOUND = /^(?::root|html)?(?:\.[\w-]+|\[[\w-]+(?:=(?:"[^"]*"|'[^']*'|[\w-]+))?\])*$/;

/**
 * What the page applies to its root for a view: its selector, or the first alternative of a selector
 * list the root alone can match. Any other selector (descendants, pseudo-classes, ids) cannot be put
 * on the page root, so the build is refused with the key that set it (docs/build.md "Contexts").
 */
function applicable(v: View): string {
  const alternatives = v.selector.split(',').map((s) => s.trim());
  const fit = alternatives.find((s) => s !== '' && COMPOUND.test(s));
  if (fit !== undefined) return fit;
  const key = v.selectorKey ?? 'build.selector';
  throw new BuildError(
    'BUILD_CONFIG_INVALID',
    `config key "${key}": the docs page cannot apply the selector ${JSON.stringify(v.selector)} to its root, so its context picker could not show that context.`,
    {
      hint: 'Use classes and attributes of the root element only (e.g. ".theme-dark", "[data-theme="dark"]", ":root.dark"; a selector list may add others after one such), or leave docs out of build.platforms.',
    },
  );
}

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The header's pickers: `<select data-modifier>` with each option's selectors in `data-sel`. */
export function pickerHtml(pickers: readonly Picker[]): string {
  const selects = pickers.map((p) => {
    const options = p.options
      .map(
        (o) =>
          `<option value="${esc(o.context)}" data-sel="${esc(JSON.stringify(o.selectors))}">${esc(o.label)}</option>`,
      )
      .join('');
    return `<label>${esc(p.modifier)} <select class="pick" data-modifier="${esc(p.modifier)}">${options}</select></label>`;
  });
  return `<p id="ctx">Context: ${selects.join(' ')}</p>`;
}

/** The "Picked" column's header and one cell (`var(--name)`; the script fills the text). */
export const pickedHeader = '<th class="cur">Picked<small class="picked">default</small></th>';
export function pickedCell(cssName: string, type: unknown): string {
  const swatch =
    type === 'color' ? `<span class="chk"><span class="sw" style="background:var(${esc(cssName)})"></span></span>` : '';
  return `<td class="cur" data-var="${esc(cssName)}">${swatch}<code class="v"></code></td>`;
}

/** Applies the picked contexts' selectors to the root and fills the "Picked" column. */
export const PICKER_SCRIPT = `
const root=document.documentElement,picks=[...document.querySelectorAll('select.pick')],cur=[...document.querySelectorAll('td.cur')];
const parts=(sel)=>[...sel.matchAll(/\\.([\\w-]+)|\\[([\\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|([\\w-]+)))?\\]/g)];
function apply(s,on){for(const m of parts(s)){if(m[1])root.classList.toggle(m[1],on);else if(on)root.setAttribute(m[2],m[3]??m[4]??m[5]??'');else root.removeAttribute(m[2])}}
function pick(){for(const p of picks)for(const o of p.options)for(const s of JSON.parse(o.dataset.sel))apply(s,false);
for(const p of picks)for(const s of JSON.parse(p.selectedOptions[0].dataset.sel))apply(s,true);
const cs=getComputedStyle(root);for(const td of cur)td.lastChild.textContent=cs.getPropertyValue(td.dataset.var).trim();
const named=picks.filter((p)=>p.selectedIndex>0).map((p)=>p.dataset.modifier+'='+p.value);
for(const e of document.querySelectorAll('.picked'))e.textContent=named.join(' · ')||'default';
try{history.replaceState(null,'',named.length?'?'+named.map(encodeURIComponent).join('&').replace(/%3D/g,'='):location.pathname)}catch{}}
const given=new URLSearchParams(location.search);
for(const p of picks){const v=given.get(p.dataset.modifier);if(v!==null&&[...p.options].some((o)=>o.value===v))p.value=v;p.addEventListener('change',pick)}
pick();`;
