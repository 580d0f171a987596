// Runs one command (DynamoDB Local's Java) and makes sure it never outlives the local server.
// infra/local/dynamo.ts starts this watchdog with a pipe on its stdin and never writes to it:
// when the server process ends for ANY reason — a clean stop, a crash, or `kill -9`, where no
// handler of the server runs — the kernel closes that pipe, stdin ends here, and the watchdog
// stops the command (SIGTERM, SIGKILL 3 s later) and exits. SIGTERM/SIGINT/SIGHUP do the same.
// Plain JavaScript so it starts with bare `node`, fast, without tsx. Files the command creates are
// owner-only (umask 077): the database of DATA_DIR holds every business's figures.
import { spawn } from 'node:child_process';

process.umask(0o077);
const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
// The first line tells the server which process runs the command (its tests stop it on purpose).
if (child.pid) process.stdout.write(`@@pid ${child.pid}\n`);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  if (child.exitCode !== null || child.signalCode !== null) process.exit(0);
  child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), 3000).unref();
}

child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
child.on('error', (err) => {
  process.stderr.write(`${err.message}\n`);
  process.exit(127);
});
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.on('error', stop);
process.stdin.resume();
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, stop);
