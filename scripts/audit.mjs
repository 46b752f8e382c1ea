#!/usr/bin/env node
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT, readAudit, verdict } from './audit-report.mjs';

/**
 * `npm run audit`: `npm audit --omit=dev --json` on what ships, summed up by severity. Exit 0:
 * nothing high or critical; 1: high or critical vulnerabilities; 2: npm audit could not run;
 * 3: the advisory service did not answer, so nothing was checked (said plainly, never passed
 * off as a clean result).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Through `npm run`, npm_execpath is npm's own script: run it with this Node, no shell needed.
const npmCli = process.env.npm_execpath;
const [command, args] = npmCli?.endsWith('.js')
  ? [process.execPath, [npmCli]]
  : [process.platform === 'win32' ? 'npm.cmd' : 'npm', []];

const child = spawn(command, [...args, 'audit', '--omit=dev', '--json'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let stdout = '';
let stderr = '';
child.stdout.on('data', (chunk) => (stdout += chunk));
child.stderr.on('data', (chunk) => (stderr += chunk));
child.on('error', (error) => {
  console.error(`npm audit could not run: ${error.message}`);
  process.exit(EXIT.failed);
});
child.on('close', () => {
  const { code, lines } = verdict(readAudit(stdout, stderr));
  for (const line of lines) (code === EXIT.ok ? console.log : console.error)(line);
  process.exit(code);
});
