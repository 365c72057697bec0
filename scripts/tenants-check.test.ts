import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkConfig, formatProblem, main } from './tenants-check';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const temps: string[] = [];

/** A copy of the configuration (tenants, themes, templates; no code) to break on purpose. */
function copyConfig(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tenants-check-'));
  temps.push(dir);
  for (const folder of ['tenants', 'themes', 'templates']) {
    cpSync(join(ROOT, folder), join(dir, folder), { recursive: true, filter: (src) => !/\.tsx?$/.test(src) });
  }
  return dir;
}

function editJson(file: string, edit: (json: Record<string, unknown>) => void) {
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
}

function runCli(args: string[]) {
  const result = spawnSync(TSX, [join(ROOT, 'scripts', 'tenants-check.ts'), ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

afterEach(() => {
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
});

describe('tenants:check on the real repository', () => {
  it('finds no problem', () => {
    const { problems, registry } = checkConfig(ROOT);
    expect(problems.map(formatProblem)).toEqual([]);
    expect(registry?.tenants.size).toBe(3);
  });

  it('prints a summary and exits 0', () => {
    const out: string[] = [];
    const err: string[] = [];
    expect(main(['--root', ROOT], (l) => out.push(l), (l) => err.push(l))).toBe(0);
    expect(err).toEqual([]);
    expect(out[0]).toMatch(/^tenants:check OK: 3 tenant\(s\), 3 theme\(s\), \d+ custom domain\(s\)$/);
    expect(out.join('\n')).toContain('solana.localhost');
  });
});

describe('tenants:check on a broken copy', () => {
  it('reports each injected error with its file and field', () => {
    const dir = copyConfig();
    const t = (id: string) => join(dir, 'tenants', id, 'tenant.json');
    editJson(t('solana'), (j) => (j.domains = ['Eventos.Solana_Live.example']));
    editJson(t('aurora'), (j) => (j.themeId = 'no-such-theme'));
    unlinkSync(join(dir, 'tenants', 'lumiere', 'content', 'en', 'features.md'));
    editJson(t('lumiere'), (j) => (j.domains = ['live.lumiere-studio.example', 'live.aurora-events.example']));

    const { problems } = checkConfig(dir);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'tenants/solana/tenant.json', field: 'domains.0', message: expect.stringMatching(/host name/) }),
        expect.objectContaining({ file: 'tenants/aurora/tenant.json', field: 'themeId', message: expect.stringMatching(/unknown theme "no-such-theme"/) }),
        expect.objectContaining({
          file: 'tenants/lumiere/tenant.json',
          field: 'languages.supported',
          message: expect.stringContaining('tenants/lumiere/content/en/features.md'),
        }),
        expect.objectContaining({
          file: expect.stringMatching(/^tenants\/(aurora|lumiere)\/tenant\.json$/),
          field: expect.stringMatching(/^domains\.\d$/),
          message: expect.stringMatching(/live\.aurora-events\.example is already used by tenant "(aurora|lumiere)"/),
        }),
      ]),
    );
    expect(problems).toHaveLength(4);
  });

  it('refuses a register the strings of a tenant language are not written in, and an unknown one', () => {
    const dir = copyConfig();
    const t = (id: string) => join(dir, 'tenants', id, 'tenant.json');
    editJson(t('solana'), (j) => ((j.languages as Record<string, unknown>).register = 'formal'));
    editJson(t('lumiere'), (j) => ((j.languages as Record<string, unknown>).register = 'casual'));
    const { problems } = checkConfig(dir);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'tenants/solana/tenant.json', field: 'languages.register', message: expect.stringContaining('"es" strings are written in the informal register') }),
        expect.objectContaining({ file: 'tenants/lumiere/tenant.json', field: expect.stringMatching(/^languages(\.register)?$/) }),
      ]),
    );
  });

  it('reports contrast, id/folder, invalid JSON, missing assets and templates, and stale schemas', () => {
    const dir = copyConfig();
    editJson(join(dir, 'themes', 'solana.json'), (j) => ((j.light as Record<string, string>).fgMuted = '#b8b8b8'));
    cpSync(join(dir, 'tenants', 'aurora'), join(dir, 'tenants', 'aurora-copy'), { recursive: true });
    editJson(join(dir, 'tenants', 'aurora-copy', 'tenant.json'), (j) => (j.domains = []));
    mkdirSync(join(dir, 'tenants', 'broken'));
    writeFileSync(join(dir, 'tenants', 'broken', 'tenant.json'), '{ "id": "broken", }');
    unlinkSync(join(dir, 'tenants', 'solana', 'assets', 'favicon.svg'));
    rmSync(join(dir, 'templates', 'fr'), { recursive: true });
    editJson(join(dir, 'tenants', 'tenant.schema.json'), (j) => (j.title = 'Edited by hand'));

    const found = checkConfig(dir).problems.map(formatProblem);
    const expectLine = (re: RegExp) => expect(found.some((line) => re.test(line)), `${re} in\n${found.join('\n')}`).toBe(true);
    expectLine(/^themes\/solana\.json: light\.fgMuted: fgMuted #b8b8b8 on bg #fffdf9 has contrast 1\.\d+:1, below WCAG AA/);
    expectLine(/^tenants\/aurora-copy\/tenant\.json: id: id "aurora" must match its folder "aurora-copy"/);
    expectLine(/^tenants\/broken\/tenant\.json: \(file\): not valid JSON/);
    expectLine(/^tenants\/solana\/tenant\.json: favicon: asset not found: tenants\/solana\/assets\/favicon\.svg/);
    expectLine(/^tenants\/lumiere\/tenant\.json: languages\.supported: no terms page in "fr": add templates\/fr\/terms\.md/);
    expectLine(/^tenants\/tenant\.schema\.json: \(file\): JSON Schema is out of date .*run `npm run tenants:schema`/);
  });

  it('reports home layout files that are missing, with the layout field that names them', () => {
    const dir = copyConfig();
    unlinkSync(join(dir, 'tenants', 'aurora', 'assets', 'home', 'stage-loop.mp4'));
    unlinkSync(join(dir, 'tenants', 'lumiere', 'assets', 'home', 'salon.webp'));
    const found = checkConfig(dir).problems.map(formatProblem);
    expect(found).toEqual([
      'tenants/aurora/tenant.json: home.hero.video: asset not found: tenants/aurora/assets/home/stage-loop.mp4',
      'tenants/lumiere/tenant.json: home.hero.image.src: asset not found: tenants/lumiere/assets/home/salon.webp',
    ]);
  });

  it('checks content front-matter, collections and template variables', () => {
    const dir = copyConfig();
    const en = join(dir, 'tenants', 'aurora', 'content', 'en');
    const home = readFileSync(join(en, 'home.md'), 'utf8');
    writeFileSync(join(en, 'home.md'), home.replace('to: "/requestInfo?topic=demo"', 'to: "https://elsewhere.example"'));
    writeFileSync(join(en, 'support.md'), '---\ntitle: "Help"\n---\n\nWrite to {{supportEmail}}.\n');
    writeFileSync(join(en, 'questions.md'), '---\ntitle: "FAQ"\ndescription: "Answers"\n---\n\nNo questions yet.\n');
    writeFileSync(join(en, 'jobs', 'intern.md'), '---\ntitle: "Intern"\ndate: "2026-02-30"\nsummary: "Join us"\nauthor: "HR"\n---\n\nApply.\n');

    const found = checkConfig(dir).problems.map(formatProblem);
    expect(found).toEqual(
      expect.arrayContaining([
        'tenants/aurora/content/en/home.md: primaryCta.to: must be a path on this site starting with "/", such as /requestInfo?topic=demo',
        'tenants/aurora/content/en/support.md: description: front-matter must set a non-empty text',
        expect.stringMatching(/^tenants\/aurora\/content\/en\/support\.md: \{\{supportEmail\}\}: unknown template variable/),
        expect.stringMatching(/^tenants\/aurora\/content\/en\/questions\.md: \(body\): the FAQ needs at least one "## Question" heading/),
        'tenants/aurora/content/en/jobs/intern.md: date: must be a date written YYYY-MM-DD',
        'tenants/aurora/content/en/jobs/intern.md: location: front-matter must set a non-empty text',
        'tenants/aurora/content/en/jobs/intern.md: employmentType: front-matter must set a non-empty text',
      ]),
    );
  });

  it('the command prints `file: field: message` lines and exits 1', () => {
    const dir = copyConfig();
    editJson(join(dir, 'tenants', 'solana', 'tenant.json'), (j) => (j.domains = ['http://eventos.solana-live.example']));
    const { code, stdout, stderr } = runCli(['--root', dir]);
    expect(code).toBe(1);
    expect(stdout).not.toContain('tenants:check OK');
    expect(stderr).toMatch(/^tenants\/solana\/tenant\.json: domains\.0: must be a lower-case host name/m);
    expect(stderr).toMatch(/tenants:check failed: 1 problem\(s\)/);
  }, 30_000);

  it("fails a theme whose live room bar would be hard to read, naming the bar's part", () => {
    const dir = copyConfig();
    // White on brand.500 passes as a header (4.73:1); the room bar's quieter date line would not.
    editJson(join(dir, 'themes', 'lumiere.json'), (j) => Object.assign(j.light as Record<string, string>, { headerBg: 'brand.500', headerFg: '#ffffff' }));
    const out: string[] = [];
    const err: string[] = [];
    expect(main(['--root', dir], (l) => out.push(l), (l) => err.push(l))).toBe(1);
    expect(err[0]).toMatch(/^themes\/lumiere\.json: light\.headerFg: room bar date line #[0-9a-f]{6} on headerBg #c04a6c has contrast 3\.\d\d:1, below WCAG AA 4\.5:1$/);
    expect(err.at(-1)).toMatch(/tenants:check failed: 1 problem\(s\)/);
    expect(out).toEqual([]);
  });

  it('the command exits 0 on a clean copy', () => {
    const { code, stdout } = runCli(['--root', copyConfig()]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^tenants:check OK/);
  }, 30_000);
});
