import type { OutboxMessage } from '../../../src/shared/api-types';

/** The newest code the dev outbox holds for an address or captcha uuid. */
export async function latestCode(baseUrl: string, to: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(`${baseUrl}/exhibition/dev/outbox?to=${encodeURIComponent(to)}`);
    const body = (await response.json()) as { data: OutboxMessage[] };
    // the newest row that carries a code: a message to the same address may be newer
    const code = body.data.find((message) => message.code)?.code;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code in the dev outbox for ${to}`);
}
