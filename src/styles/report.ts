/**
 * The styles part of what pull, sync and diff tell the user. Pure text; src/cli prints it.
 */
import type { StylesPlan } from './stage.js';

const TYPE_WORD = { TEXT: 'text', EFFECT: 'effect', FILL: 'paint', GRID: 'grid' } as const;

export function describeStyles(plan: StylesPlan, applied: boolean): string[] {
  const lines: string[] = [];
  if (plan.changes.length > 0) {
    lines.push(
      applied ? 'Styles pulled from the design file:' : 'Styles changed in the design file (a pull brings them in):',
    );
    for (const c of plan.changes) {
      const what = `${TYPE_WORD[c.type]} style "${c.name}"`;
      lines.push(
        c.kind === 'renamed'
          ? `  renamed  ${TYPE_WORD[c.type]} style "${c.from}" -> "${c.name}"`
          : `  ${c.kind.padEnd(7)}  ${what}`,
      );
    }
  }
  if (plan.localEdits.length > 0) {
    lines.push(
      applied
        ? `Overwrote ${plan.localEdits.length} repository edit(s) to design-owned style tokens with the design file's styles:`
        : `${plan.localEdits.length} repository edit(s) to design-owned style tokens cannot be pushed (the service has no style write endpoint); make them in the design file, or \`tokensync pull\` restores the design file's styles:`,
    );
    for (const e of plan.localEdits) lines.push(`  ${e.kind.padEnd(7)}  ${e.path} (${e.file})`);
  }
  if (plan.skipped.length > 0) {
    lines.push(`${plan.skipped.length} style(s) have no token form and were left out:`);
    for (const s of plan.skipped) lines.push(`  ${TYPE_WORD[s.type]} style "${s.name}": ${s.reason}`);
  }
  return lines;
}

/** Whether `diff` should report changes (exit 2) because of styles. */
export function stylesDiffer(plan: StylesPlan): boolean {
  return plan.write.size > 0 || plan.remove.length > 0 || plan.localEdits.length > 0;
}

/** The `--json` form. */
export function stylesJson(plan: StylesPlan): Record<string, unknown> {
  return { changes: plan.changes, localEdits: plan.localEdits, skipped: plan.skipped };
}
