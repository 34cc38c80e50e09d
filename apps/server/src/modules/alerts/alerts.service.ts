import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ALERT_MESSAGES,
  ALERT_PRICE_MAX,
  ALERT_TOKENS,
  ALERTS_MAX,
  alertPriceTooHigh,
  type TAlert,
  type TAlertCurrency,
  type TAlertToken,
  type TCreateAlertRequest,
  type TUpdateAlertRequest,
} from '@nexusplay/contract/alerts';
import { nowTimestamp } from '../../db/codecs.js';
import type { Database, Engine } from '../../db/schema.js';
import type { TokenPrices } from '../../gateway/gateway.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { tellUsers } from '../notifications/notifications.service.js';
import {
  alertsOnToken,
  countAlertsLocked,
  deleteAlert,
  findAlert,
  fireAlert,
  insertAlert,
  listAlerts,
  readMailIncome,
  rearmAlert,
  recordCheck,
  updateAlert,
  writeMailIncome,
  type AlertLine,
  type CheckedAlert,
} from './alerts.repository.js';

export type AlertsDeps = {
  db: Kysely<Database>;
  engine: Engine;
  log: FastifyBaseLogger;
  /** Told when a check stored notifications to be mailed (the mail outbox looks at once). */
  onMail?: () => void;
};

/** The gateway's name of each alert token's price. */
const PRICE_OF: Record<TAlertToken, keyof TokenPrices> = {
  PIXEL: 'pixels',
  AXS: 'axs',
  SLP: 'slp',
  RON: 'ron',
};

/** A line as the user set it: "$0.05", "$1,250.50", "Rp 1.234,56". */
export function formatLine(currency: TAlertCurrency, value: number) {
  if (currency === 'idr')
    return `Rp ${value.toLocaleString('id-ID', { maximumFractionDigits: 2 })}`;
  return `$${value.toLocaleString('en-US', {
    minimumFractionDigits: value >= 1 ? 2 : 0,
    maximumFractionDigits: 8,
  })}`;
}

/**
 * A price now: cents (or sen) from one up; below one, four significant digits and, in USD, at
 * least cents: "$2.50", "$0.50", "$0.0712", "Rp 1.234,56".
 */
export function formatPrice(currency: TAlertCurrency, value: number) {
  if (currency === 'idr') {
    const digits = value >= 1 ? { maximumFractionDigits: 2 } : { maximumSignificantDigits: 4 };
    return `Rp ${value.toLocaleString('id-ID', digits)}`;
  }
  if (value >= 1)
    return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const text = value.toLocaleString('en-US', { maximumSignificantDigits: 4 });
  const decimals = text.split('.')[1]?.length ?? 0;
  return `$${decimals >= 2 ? text : value.toFixed(2)}`;
}

/** The bell's words for an alert that fired. */
export function firedTexts(alert: AlertLine, now: number) {
  const line = formatLine(alert.currency, alert.price);
  const back = alert.direction === 'above' ? 'below' : 'above';
  return {
    title: `${alert.token} is ${alert.direction} ${line}: now ${formatPrice(alert.currency, now)}`,
    message:
      `Your price alert for ${alert.token} ${alert.direction} ${line} fired. ` +
      `It fires again after the price has gone back ${back} ${line} and crosses it again.`,
  };
}

/** Whether a price is past the alert's line: at or above it, at or below it. */
const isPast = (alert: Pick<AlertLine, 'direction' | 'price'>, price: number) =>
  alert.direction === 'above' ? price >= alert.price : price <= alert.price;

function checkPriceMax(currency: TAlertCurrency, price: number) {
  if (price > ALERT_PRICE_MAX[currency]) {
    const message = alertPriceTooHigh(currency);
    throw badRequest(message, { price: message });
  }
}

/**
 * Price alerts: each user's own (at most ALERTS_MAX), and their check at every price refresh.
 * An alert is armed until the price reaches its line (at or above it, at or below it), then
 * fires once (a personal notification, mailed when the alert asks for mail) and stays fired
 * until the price is back on the near side, where it is armed again. An alert set while the
 * price is already past its line fires at its first check: the user wants to know.
 */
export function alertsService({ db, engine, log, onMail }: AlertsDeps) {
  const owned = async (userId: number, id: number) => {
    const alert = await findAlert(db, userId, id);
    if (!alert) throw notFound(ALERT_MESSAGES.notFound);
    return alert;
  };

  /** Fires one alert with its notification in one transaction; whether this call fired it. */
  const fire = (alert: CheckedAlert, price: number, now: string) =>
    db.transaction().execute(async (trx) => {
      if (!(await fireAlert(trx, alert, price, now))) return false;
      await tellUsers(trx, [
        {
          user_id: alert.user_id,
          chain_transfer_id: null,
          ...firedTexts(alert, price),
          created_at: now,
          mail_pending: alert.mail ? 1 : 0,
        },
      ]);
      return true;
    });

  return {
    list: (userId: number) => listAlerts(db, userId),

    async create(userId: number, body: TCreateAlertRequest): Promise<TAlert> {
      const values = { ...body, mail: body.mail ?? false };
      checkPriceMax(values.currency, Number(values.price));
      return db.transaction().execute(async (trx) => {
        if ((await countAlertsLocked(trx, engine, userId)) >= ALERTS_MAX)
          throw conflict(ALERT_MESSAGES.tooMany);
        return insertAlert(trx, userId, { ...values, price: Number(values.price) }, nowTimestamp());
      });
    },

    async update(userId: number, id: number, body: TUpdateAlertRequest): Promise<TAlert> {
      const current = await owned(userId, id);
      const price = body.price === undefined ? undefined : Number(body.price);
      checkPriceMax(body.currency ?? current.currency, price ?? current.price);
      const line = { ...body, price };
      const rearm = (['token', 'direction', 'currency', 'price'] as const).some(
        (key) => line[key] !== undefined && line[key] !== current[key],
      );
      const values = Object.fromEntries(
        Object.entries(line).filter(([, value]) => value !== undefined),
      ) as Partial<AlertLine> & { mail?: boolean };
      const updated = await updateAlert(db, userId, id, values, rearm, nowTimestamp());
      if (!updated) throw notFound(ALERT_MESSAGES.notFound);
      return updated;
    },

    getSettings: async (userId: number) => ({ mail_income: await readMailIncome(db, userId) }),

    async saveSettings(userId: number, settings: { mail_income: boolean }) {
      await writeMailIncome(db, userId, settings.mail_income);
      return settings;
    },

    async remove(userId: number, id: number) {
      if (!(await deleteAlert(db, userId, id))) throw notFound(ALERT_MESSAGES.notFound);
    },

    /**
     * Checks every alert on the tokens of a new prices answer. IDR alerts are checked at the
     * USD price times `usdIdr`, and not at all while no rate was ever obtained.
     */
    async checkPrices(prices: TokenPrices, usdIdr: number | null) {
      let fired = 0;
      let mailed = 0;
      for (const token of ALERT_TOKENS) {
        const usd = prices[PRICE_OF[token]]?.usd;
        // No answer for the token (or a zero, which no listed token trades at): nothing to check.
        if (usd === undefined || !(usd > 0)) continue;
        const now = nowTimestamp();
        const inCurrency: Record<TAlertCurrency, number | null> = {
          usd,
          idr: usdIdr === null ? null : usd * usdIdr,
        };
        const onToken = await alertsOnToken(db, token);
        if (onToken.length === 0) continue;
        for (const alert of onToken) {
          const price = inCurrency[alert.currency];
          if (price === null) continue;
          const past = isPast(alert, price);
          if (alert.state === 'armed' && past) {
            if (await fire(alert, price, now)) {
              fired += 1;
              if (alert.mail) mailed += 1;
            }
          } else if (alert.state === 'fired' && !past) {
            await rearmAlert(db, alert, price, now);
          }
        }
        for (const currency of ['usd', 'idr'] as const) {
          const price = inCurrency[currency];
          if (price !== null) await recordCheck(db, token, currency, price, now);
        }
      }
      if (fired > 0) log.info({ fired, mailed }, 'price alerts fired');
      if (mailed > 0) onMail?.();
      return fired;
    },
  };
}
