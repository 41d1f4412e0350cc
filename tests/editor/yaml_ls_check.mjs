// The CV schema as an editor uses it: yaml-language-server's validation (what VS Code's YAML
// extension runs), in process, offline.
//
// usage: node yaml_ls_check.mjs valid SCHEMA FILE...   every FILE gives no diagnostic
//        node yaml_ls_check.mjs typos SCHEMA FILE...   every FILE (with a `# expect: PLACE: KEY`
//                                                      line) gives exactly one diagnostic, on the
//                                                      misspelt KEY itself
// Exit status 0 when all do, 1 otherwise; 77 (skipped) when yaml-language-server is not
// installed (make editor-setup).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL, fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
let languageService, TextDocument;
try {
  languageService = require('yaml-language-server');
  ({ TextDocument } = require('vscode-languageserver-textdocument'));
} catch {
  console.log('yaml-language-server is not installed: run make editor-setup');
  process.exit(77);
}

const [mode, schemaPath, ...files] = process.argv.slice(2);
if (!['valid', 'typos'].includes(mode) || !schemaPath || !files.length) {
  console.error('usage: node yaml_ls_check.mjs valid|typos SCHEMA FILE...');
  process.exit(2);
}

const service = languageService.getLanguageService({
  // Only local files: the schema under test, and nothing from the network.
  schemaRequestService: async (uri) => fs.readFileSync(fileURLToPath(uri), 'utf8'),
  workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).href },
  clientCapabilities: {},
});
service.configure({
  validate: true,
  completion: false,
  hover: false,
  schemas: [{ uri: pathToFileURL(path.resolve(schemaPath)).href, fileMatch: ['*'] }],
});

// The problems with one file's diagnostics, [] when they are as expected.
function judge(text, document, diagnostics) {
  const shown = diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.message}`);
  if (mode === 'valid') return shown;
  const expected = /^# expect: (\S+): (\S+)$/m.exec(text);
  if (!expected) return ["no '# expect: PLACE: KEY' line"];
  const key = expected[2];
  if (diagnostics.length === 1 && document.getText(diagnostics[0].range) === key) return [];
  return [`expected one diagnostic on '${key}', got ${shown.length}: ${shown.join('; ') || 'none'}`];
}

let failed = false;
for (const file of files) {
  // A file's own schema line (RenderCV's examples name RenderCV's schema) is blanked, keeping
  // the lines where they are, so that every file is checked against SCHEMA.
  const text = fs.readFileSync(file, 'utf8').replace(/^(\s*#\s*)yaml-language-server:.*$/gm, '$1');
  const document = TextDocument.create(pathToFileURL(path.resolve(file)).href, 'yaml', 1, text);
  const diagnostics = await service.doValidation(document, false);
  const problems = judge(text, document, diagnostics);
  for (const problem of problems) console.log(`${file}: ${problem}`);
  if (!problems.length && mode === 'typos') {
    const d = diagnostics[0];
    console.log(`${file}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.message.split('\n')[0]}`);
  }
  failed ||= problems.length > 0;
}
// The language service keeps timers of its own; the verdict is in.
process.exit(failed ? 1 : 0);
