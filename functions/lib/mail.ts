// Outgoing mail: SES in AWS, one JSON file per message in the outbox folder locally, so that a
// local user and the tests can read the recovery code.
// SES is imported statically although few requests send mail: a dynamic `import()` made esbuild
// keep the whole package (its ~70 commands, 56 KB) in lazy initialisers; statically it keeps the
// client and one command (17 KB), whose definitions cost less at a cold start than the bytes they
// replace (decision 0398).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { config } from './config';
import { instrumentClient, recordAwsCall } from './aws-calls';
import { SDK_LOGGER } from './sdk-logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

let ses: SESClient | undefined;

export async function sendMail(mail: Mail): Promise<void> {
  const cfg = config();
  if (cfg.mailOutboxDir) {
    // The local stand-in of SES: the IAM contract still sees the send it stands for.
    recordAwsCall({ service: 'ses', action: 'SendEmail', resource: 'identity', condition: { 'ses:FromAddress': 'env:MAIL_FROM' } });
    await mkdir(cfg.mailOutboxDir, { recursive: true, mode: 0o700 });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`;
    // A mail holds a recovery code: readable by the owner of the data folder only.
    await writeFile(join(cfg.mailOutboxDir, name), JSON.stringify({ ...mail, sentAt: new Date().toISOString() }, null, 2), { mode: 0o600 });
    return;
  }
  ses ??= instrumentClient(new SESClient({ region: cfg.region, logger: SDK_LOGGER }), 'ses');
  await ses.send(
    new SendEmailCommand({
      Source: cfg.mailFrom,
      Destination: { ToAddresses: [mail.to] },
      Message: { Subject: { Data: mail.subject, Charset: 'UTF-8' }, Body: { Text: { Data: mail.text, Charset: 'UTF-8' } } },
    }),
  );
}
