import ts from '@typescript/typescript6';
import fs from 'node:fs';
import path from 'node:path';
const limit = Number(process.argv[2] ?? 120);
function walk(d) {
  return fs
    .readdirSync(d, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? walk(path.join(d, e.name)) : e.name.endsWith('.ts') ? [path.join(d, e.name)] : [],
    );
}
for (const f of walk('src')) {
  const sf = ts.createSourceFile(f, fs.readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (n) => {
    if (ts.isFunctionLike(n) && n.body) {
      const a = sf.getLineAndCharacterOfPosition(n.getStart()).line,
        b = sf.getLineAndCharacterOfPosition(n.end).line;
      const name = n.name?.getText() ?? (ts.isVariableDeclaration(n.parent) ? n.parent.name.getText() : '<anon>');
      if (b - a + 1 > limit) console.log(b - a + 1, `${f}:${a + 1}`, name);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
}
