/**
 * The deployment synthesized for its tests, offline (no account, no lookups), the way `cdk synth`
 * does it: the whole app, so the cdk-nag validation plugin runs and throws on a finding; then
 * cfn-lint over every template. Shared by the deployment's test files (identity.test.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { Tenant } from '#app/lib/config/tenant';
import { cfnLintCommand } from '#scripts/cfn-lint.mjs';
import { readDeployConfig } from './lib/config';
import { cdkNag } from './lib/nag';
import { buildPlatform, type Platform } from './lib/platformStack';

export const PROJECT_ROOT = join(import.meta.dirname, '..');

/**
 * How long a test file's synthesis may take: the whole app with cdk-nag's validation takes ~30 s
 * alone, and minutes on a busy 2-core machine, beyond the default 60 s hook timeout.
 */
export const SYNTH_TIMEOUT_MS = 300_000;

/** The context every synthesis needs (an image and the listener's certificate). */
export const BASE_CONTEXT = {
  image: '123456789012.dkr.ecr.us-east-1.amazonaws.com/platform:1.0.0',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0000',
  alarmEmail: 'ops@example.com',
};

export interface Synthesized {
  app: App;
  built: Platform;
  outdir: string;
  assembly: ReturnType<App['synth']>;
}

export function synthPlatform(context: Record<string, string>, tenants: Tenant[]): Synthesized {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-out-'));
  const app = new App({ outdir });
  const built = buildPlatform(app, readDeployConfig((k) => context[k]), tenants);
  const assembly = app.synth();
  return { app, built, outdir, assembly };
}

export const stacksOf = (s: Synthesized) => [s.built.platform, ...s.built.identity];

export const templateOf = (s: Synthesized, stackName: string) => Template.fromJSON(s.assembly.getStackByName(stackName).template);

/** Every cdk-nag AwsSolutions finding nag.ts does not acknowledge, as "rule: resources". */
export function nagViolations(s: Synthesized): string[] {
  const report = new cdkNag.AwsSolutionsChecks(s.app).validateScope(s.app);
  return report.violations.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath ?? r.resourceLogicalId).join(', ')}`);
}

/** cfn-lint on the templates (all by default); exit code a bit mask (2 errors, 4 warnings, 8 informational, 1 its own failure). */
export function cfnLint(s: Synthesized, stacks: Stack[] = stacksOf(s)): Promise<{ code: number; out: string }> {
  const command = cfnLintCommand(PROJECT_ROOT);
  if (!command) return Promise.resolve({ code: -1, out: 'cfn-lint is not installed: node scripts/ensure-deps.mjs installs it' });
  const files = stacks.map((stack) => {
    const file = join(s.outdir, `${stack.stackName}.lint.json`);
    writeFileSync(file, JSON.stringify(s.assembly.getStackByName(stack.stackName).template));
    return file;
  });
  return promisify(execFile)(command, ['--format', 'parseable', ...files]).then(
    (r) => ({ code: 0, out: r.stdout }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: `${e.stdout}${e.stderr}` }),
  );
}

/** cfn-lint found no error (warnings and notes pass). */
export const lintPassed = (result: { code: number }) => result.code >= 0 && (result.code & 3) === 0;

export function removeSynth(s: Synthesized | undefined): void {
  if (s) rmSync(s.outdir, { recursive: true, force: true });
}
