// The providers of this deployment, built once from the configured base URLs.
import type { PaymentService } from '@shared/paiements';
import { paymentsConfig } from '../config';
import { OrangeMoneyProvider } from './orange-money';
import type { PaymentProvider } from './types';
import { WaveProvider } from './wave';

let providers: Record<PaymentService, PaymentProvider> | undefined;

export function providerFor(service: PaymentService): PaymentProvider {
  if (!providers) {
    const cfg = paymentsConfig();
    providers = {
      wave: new WaveProvider(cfg.waveApiUrl, cfg.providerTimeoutMs),
      orange_money: new OrangeMoneyProvider(cfg.orangeMoneyApiUrl, cfg.providerTimeoutMs),
    };
  }
  return providers[service];
}
