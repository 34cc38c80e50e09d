/**
 * The build `npm start` runs: each part (the contract, the web app, the server) is built again
 * only when a file it is built from is newer than its last successful build, so that a start
 * with nothing changed goes straight to the server. `npm run build` still builds everything.
 *
 * A part's last build is a stamp file under node_modules/.cache (kept out of the folders the
 * server serves); a part whose output folder is missing is built whatever its stamp says.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const STAMPS = path.join(root, 'node_modules/.cache/nexusplay-build');

/** Files every part is built from: the shared compiler settings and the installed packages. */
const SHARED = ['tsconfig.base.json', 'package-lock.json'];
const CONTRACT_SOURCES = ['packages/contract/src', 'packages/contract/package.json'];

const PARTS = [
  {
    name: 'contract',
    workspace: '@nexusplay/contract',
    output: 'packages/contract/dist',
    inputs: [
      ...CONTRACT_SOURCES,
      'packages/contract/tsconfig.json',
      'packages/contract/tsconfig.build.json',
    ],
  },
  {
    name: 'web',
    workspace: '@nexusplay/web',
    output: 'apps/web/dist',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
      ...CONTRACT_SOURCES,
    ],
  },
  {
    name: 'server',
    workspace: '@nexusplay/server',
    output: 'apps/server/dist',
    inputs: [
      'apps/server/src',
      'apps/server/package.json',
      'apps/server/tsconfig.json',
      'apps/server/tsconfig.build.json',
      ...CONTRACT_SOURCES,
    ],
  },
];

/** The newest modification time among a file or a folder's files (0 when it does not exist). */
function newest(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs; // a file removed changes its folder's time
  for (const child of fs.readdirSync(entry))
    latest = Math.max(latest, newest(path.join(entry, child)));
  return latest;
}

/** Why a part needs building, or undefined when its last build is newer than all its inputs. */
function reasonToBuild(part) {
  if (!fs.existsSync(path.join(root, part.output))) return `${part.output} is missing`;
  const stamp = newest(path.join(STAMPS, part.name));
  if (stamp === 0) return 'no earlier build was recorded';
  const changed = [...part.inputs, ...SHARED].find(
    (input) => newest(path.join(root, input)) > stamp,
  );
  return changed && `${changed} changed`;
}

fs.mkdirSync(STAMPS, { recursive: true });
for (const part of PARTS) {
  const reason = reasonToBuild(part);
  if (!reason) {
    console.log(`build: ${part.name} is up to date`);
    continue;
  }
  console.log(`build: ${part.name} (${reason})`);
  // Taken before building: a file saved while the build runs is seen by the next start.
  const startedAt = new Date();
  const npm = process.env.npm_execpath;
  const [command, args] = npm ? [process.execPath, [npm]] : ['npm', []];
  const run = spawnSync(command, [...args, 'run', 'build', '-w', part.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
  const stampFile = path.join(STAMPS, part.name);
  fs.writeFileSync(stampFile, '');
  fs.utimesSync(stampFile, startedAt, startedAt);
}
