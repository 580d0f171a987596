// The credential provider the deployed bundles use instead of the SDK's default chain: Lambda's
// execution-role credentials come from the environment, and a missing one fails clearly.
import { defaultProvider } from '../../functions/lib/lambda-credentials';

describe('lambda credentials (environment only)', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('reads the execution role credentials Lambda puts in the environment', async () => {
    process.env.AWS_ACCESS_KEY_ID = 'AKIDEXAMPLE';
    process.env.AWS_SECRET_ACCESS_KEY = 'secret';
    process.env.AWS_SESSION_TOKEN = 'session';
    const creds = await defaultProvider()();
    expect(creds).toMatchObject({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', sessionToken: 'session' });
  });

  it('fails when they are absent instead of looking elsewhere', async () => {
    delete process.env.AWS_ACCESS_KEY_ID;
    delete process.env.AWS_SECRET_ACCESS_KEY;
    await expect(defaultProvider()()).rejects.toThrow();
  });
});
