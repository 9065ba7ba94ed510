#!/usr/bin/env node
// Keeps the better-sqlite3 binary this machine compiled where its installer looks before compiling again.
//
// better-sqlite3's install (prebuild-install) downloads a prebuilt binary from GitHub, which this machine
// cannot reach, so every `npm ci` compiled SQLite from source: 1m26s of the CI run's one core. The installer
// first looks in npm's cache (~/.npm/_prebuilds/<digest>-<archive name>), where it keeps what it downloads;
// this puts there what the compiler made, in the archive the installer would have downloaded (the binary
// at build/Release/). The next `npm ci` on this machine unpacks it, checks that it loads (or compiles as
// before), and takes a second. The archive's name carries the version, Node's ABI, the platform and the
// architecture, so another Node or another better-sqlite3 never takes this one.
//
// .ci/run calls it after `npm ci`; it does nothing when the archive is there or nothing was compiled.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packageDir = path.join(root, 'node_modules', 'better-sqlite3');
const binary = path.join('build', 'Release', 'better_sqlite3.node');

function archivePath() {
  const require = createRequire(path.join(packageDir, 'package.json'));
  const util = require('prebuild-install/util');
  const rc = require('prebuild-install/rc');
  const pkg = require(path.join(packageDir, 'package.json'));
  return util.cachedPrebuild(util.getDownloadUrl({ ...rc(pkg), pkg }));
}

if (!fs.existsSync(path.join(packageDir, binary))) {
  console.log('keepSqliteBuild: no better-sqlite3 binary to keep');
  process.exit(0);
}
const archive = archivePath();
if (fs.existsSync(archive)) process.exit(0);
fs.mkdirSync(path.dirname(archive), { recursive: true });
// Written beside and renamed, as the installer does, so a half-written archive is never taken.
const partial = `${archive}.${process.pid}.tmp`;
const tar = spawnSync('tar', ['-czf', partial, '-C', packageDir, binary], { stdio: 'inherit' });
if (tar.status !== 0) {
  fs.rmSync(partial, { force: true });
  console.log('keepSqliteBuild: could not write the archive; the next install compiles again');
  process.exit(0);
}
fs.renameSync(partial, archive);
console.log(`keepSqliteBuild: kept ${path.basename(archive)} for the next install`);
