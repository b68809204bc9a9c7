// Where the night's mail goes: an SMTP server that accepts every mail and keeps none, in a process of its own (counted
// as load generator). Outbid mails are product work up to the SMTP server's answer; without SMTP_URL the workers would
// run the development mail catcher inside their own process, parsing and storing each mail in Postgres, which no
// production deployment does. Started with fork(); tells its port, and on request how many mails it took.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

let mails = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    stream.resume();
    stream.on('end', () => {
      mails += 1;
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.server.address() as AddressInfo).port }));
process.on('message', () => process.send!({ mails }));
process.on('disconnect', () => server.close(() => process.exit(0)));
