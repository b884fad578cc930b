/** What a control endpoint under /_emulator/ is given (docs/emulator.md "Control"). */
import type { Service } from '../service.js';

export interface ControlHost {
  svc: Service;
  reset(seed: 'demo' | 'empty' | undefined): Promise<void>;
}

export interface ControlCtx {
  host: ControlHost;
  query: URLSearchParams;
  body: Buffer;
}
