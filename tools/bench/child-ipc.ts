// Asking a forked bench process something over its IPC channel and waiting for the answer of the expected kind.
import type { ChildProcess } from 'node:child_process';

export function askChild<Reply extends { reply: string }, K extends Reply['reply']>(
  child: ChildProcess,
  command: { cmd: string },
  reply: K,
): Promise<Extract<Reply, { reply: K }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: Reply) => {
      if (m.reply !== reply) return;
      done();
      resolve(m as Extract<Reply, { reply: K }>);
    };
    const onExit = (code: number | null) => {
      done();
      reject(new Error(`a bench process exited (${code}) during ${command.cmd}`));
    };
    const done = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
    child.send(command);
  });
}
