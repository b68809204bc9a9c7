// Trade-ins: value the owner's car with the marketplace's valuation model, store the evaluation with a firm offer
// (shared/src/domain/trade-in-offer.ts decides the figure), and let the owner accept or decline it before it expires.
import type { Sql } from 'postgres';
import {
  countOf,
  PHOTO_TEXTS,
  centsToDecimal,
  comparableReports,
  formatCents,
  photoFileNameOf,
  TradeInDraftSchema,
  tradeInOffer,
  offerActionProblem,
  TRADE_IN_CONDITION_BPS,
  TRADE_IN_PAYOFF_DAYS,
  type SessionUser,
  type TradeInDraft,
  type TradeInEvaluateBody,
  type TradeInEvaluationSummary,
  type TradeInOfferView,
  type TradeInResult,
} from '@app/shared';
import { Conflict, Invalid, NotFound } from '../errors.js';
import { photosNotOwnedBy } from '../files/photo-store.js';
import { demandOf, valueVin, type ValuationDeps } from '../valuation/estimate-value.js';
import { assertFeatureOn } from '../settings/marketplace-settings.js';

const signed = (cents: number) => (cents < 0 ? `-${centsToDecimal(-cents)}` : centsToDecimal(cents));
const signedUsd = (cents: number) => (cents < 0 ? `-${formatCents(-cents)}` : `+${formatCents(cents)}`);
const pct = (bps: number) => `${bps > 0 ? '+' : ''}${bps / 100}%`;

interface OfferRow {
  id: number;
  offerAmount: string;
  validUntil: Date;
  terms: string | null;
  status: TradeInOfferView['status'];
  acceptedAt: Date | null;
}
const offerView = (o: OfferRow): TradeInOfferView => ({
  id: o.id,
  offerAmount: o.offerAmount,
  validUntil: o.validUntil.toISOString(),
  terms: o.terms ?? '',
  status: o.status,
  acceptedAt: o.acceptedAt?.toISOString() ?? null,
});

export async function evaluateTradeIn(
  deps: ValuationDeps,
  body: TradeInEvaluateBody,
  owner: SessionUser,
): Promise<TradeInResult> {
  // Offers already made stay answerable when an admin turns trade-ins off; no new evaluation is made.
  await assertFeatureOn(deps.sql, 'tradeIn');
  const names = [...body.photos, ...body.titlePhotos].map((url) => photoFileNameOf(url)!);
  if (names.length > 0 && (await photosNotOwnedBy(deps.sql, owner, names)).length > 0)
    throw new Invalid(PHOTO_TEXTS.notYours);

  const { decoded, trim, v } = await valueVin(deps, { vin: body.vin, mileage: body.mileage, trim: body.trim });
  const now = new Date();
  const lien = body.hasLien ? { payoffCents: body.payoffAmount!, perDiemCents: body.payoffPerDiem ?? 0 } : undefined;
  const offer = tradeInOffer({ valueCents: v.valueCents, condition: body.condition, lien, now });
  const { recent, demand } = demandOf(v);
  const conditionBps = TRADE_IN_CONDITION_BPS[body.condition];
  const marketAnalysis = {
    demand_level: `${demand}: ${countOf(recent, 'comparable sale')} in the last 12 months`,
    condition_impact: `${body.condition[0]!.toUpperCase()}${body.condition.slice(1)} condition: ${pct(conditionBps)} (${signedUsd(offer.conditionAdjustmentCents)}) against an average car`,
    mileage_factor: `${body.mileage.toLocaleString('en-US')} miles: ${signedUsd(v.breakdown.mileageCents)} from the fitted mileage slope`,
    market_trend: `Comparable sales (${v.basis}) move it ${signedUsd(v.breakdown.marketCents)} from the model's base`,
  };
  const validUntilText = offer.validUntil.toISOString().slice(0, 10);
  const terms =
    `Firm offer of ${formatCents(offer.offerCents)}, valid until ${validUntilText}.` +
    (lien
      ? ` Includes paying ${body.lienholderName} the ${TRADE_IN_PAYOFF_DAYS}-day payoff of ${formatCents(offer.lienPayoffCents)} ` +
        `(payoff ${formatCents(lien.payoffCents)} plus ${TRADE_IN_PAYOFF_DAYS} days at ${centsToDecimal(lien.perDiemCents)} per diem).`
      : '') +
    ' Subject to the vehicle matching the details and photos provided.';

  const { evaluationId, offerRow } = await deps.sql.begin(async (tx) => {
    const [e] = await tx<{ id: number }[]>`
      insert into trade_in_evaluations (
        user_id, vin, year, make, model, trim, mileage, condition, exterior_color, interior_color, photos, has_lien,
        title_photos, lienholder_name, payoff_amount, payoff_per_diem, payoff_valid_date, lienholder_contact,
        lienholder_address, estimated_value, market_analysis, offer_amount, offer_expires_at, status)
      values (
        ${owner.id}, ${body.vin}, ${decoded.year}, ${decoded.make}, ${decoded.model}, ${trim}, ${body.mileage}, ${body.condition},
        ${body.exteriorColor ?? null}, ${body.interiorColor ?? null}, ${body.photos}, ${body.hasLien}, ${body.titlePhotos},
        ${lien ? body.lienholderName! : null}, ${lien ? centsToDecimal(lien.payoffCents) : null},
        ${lien ? centsToDecimal(lien.perDiemCents) : null}, ${lien ? body.payoffValidDate || null : null},
        ${lien ? (body.lienholderContact ?? null) : null}, ${lien ? (body.lienholderAddress ?? null) : null},
        ${centsToDecimal(offer.estimatedValueCents)}, ${tx.json(marketAnalysis)}, ${centsToDecimal(offer.offerCents)},
        ${offer.validUntil}, 'offered')
      returning id`;
    const [o] = await tx<OfferRow[]>`
      insert into trade_in_offers (evaluation_id, offer_amount, valid_until, terms)
      values (${e!.id}, ${centsToDecimal(offer.offerCents)}, ${offer.validUntil}, ${terms})
      returning id, offer_amount, valid_until, terms, status, accepted_at`;
    return { evaluationId: e!.id, offerRow: o! };
  });

  return {
    evaluationId,
    vehicle: { vin: body.vin, year: decoded.year, make: decoded.make, model: decoded.model, trim },
    estimatedValue: centsToDecimal(offer.estimatedValueCents),
    offerAmount: centsToDecimal(offer.offerCents),
    offerExpiresAt: offer.validUntil.toISOString(),
    marketAnalysis,
    valueBreakdown: {
      baseValue: centsToDecimal(Math.max(0, v.breakdown.baseCents)),
      conditionAdjustment: signed(offer.conditionAdjustmentCents),
      mileageAdjustment: signed(v.breakdown.mileageCents),
      marketAdjustment: signed(v.breakdown.marketCents),
    },
    offerBreakdown: {
      margin: centsToDecimal(offer.marginCents),
      lienPayoff: centsToDecimal(offer.lienPayoffCents),
      equity: signed(offer.equityCents),
    },
    confidence: v.confidence,
    basis: v.basis,
    comparables: comparableReports(v),
    offer: offerView(offerRow),
  };
}

interface EvaluationRow {
  id: number;
  vin: string;
  year: number | null;
  make: string | null;
  model: string | null;
  mileage: number;
  condition: TradeInEvaluationSummary['condition'];
  estimatedValue: string | null;
  status: string;
  createdAt: Date;
  offerId: number | null;
  offerAmount: string | null;
  validUntil: Date | null;
  terms: string | null;
  offerStatus: OfferRow['status'] | null;
  acceptedAt: Date | null;
}

export async function listTradeIns(sql: Sql, owner: SessionUser): Promise<TradeInEvaluationSummary[]> {
  const rows = await sql<EvaluationRow[]>`
    select e.id, e.vin, e.year, e.make, e.model, e.mileage, e.condition, e.estimated_value, e.status, e.created_at,
           o.id as offer_id, o.offer_amount, o.valid_until, o.terms, o.status as offer_status, o.accepted_at
    from trade_in_evaluations e left join trade_in_offers o on o.evaluation_id = e.id
    where e.user_id = ${owner.id}
    order by e.created_at desc, e.id desc
    limit 50`;
  return rows.map((r) => ({
    id: r.id,
    vin: r.vin,
    year: r.year,
    make: r.make,
    model: r.model,
    mileage: r.mileage,
    condition: r.condition,
    estimatedValue: r.estimatedValue,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    offer:
      r.offerId === null
        ? null
        : offerView({
            id: r.offerId,
            offerAmount: r.offerAmount!,
            validUntil: r.validUntil!,
            terms: r.terms,
            status: r.offerStatus!,
            acceptedAt: r.acceptedAt,
          }),
  }));
}

/**
 * Accept or decline: one conditional update, so of two racing answers exactly one changes the offer and the other
 * finds it already answered (409); an offer past its deadline cannot be answered even before the sweep marks it.
 */
export async function answerOffer(
  sql: Sql,
  owner: SessionUser,
  offerId: number,
  answer: 'accepted' | 'declined',
): Promise<TradeInOfferView> {
  return sql.begin(async (tx) => {
    const [changed] = await tx<(OfferRow & { evaluationId: number })[]>`
      update trade_in_offers o set status = ${answer}, accepted_at = ${answer === 'accepted' ? tx`now()` : null}
      from trade_in_evaluations e
      where o.id = ${offerId} and e.id = o.evaluation_id and e.user_id = ${owner.id}
        and o.status = 'active' and o.valid_until > now()
      returning o.id, o.offer_amount, o.valid_until, o.terms, o.status, o.accepted_at, o.evaluation_id`;
    if (changed) {
      await tx`update trade_in_evaluations set status = ${answer}, updated_at = now() where id = ${changed.evaluationId}`;
      return offerView(changed);
    }
    const [found] = await tx<{ status: string; validUntil: Date }[]>`
      select o.status, o.valid_until from trade_in_offers o join trade_in_evaluations e on e.id = o.evaluation_id
      where o.id = ${offerId} and e.user_id = ${owner.id}`;
    if (!found) throw new NotFound('Offer not found');
    throw new Conflict(offerActionProblem(found, new Date()) ?? 'This offer can no longer be answered');
  });
}

/** The saved wizard, or null; a draft saved under an older form shape is dropped rather than half-restored. */
export async function loadDraft(sql: Sql, owner: SessionUser): Promise<TradeInDraft | null> {
  const [row] = await sql<{ draft: unknown }[]>`select draft from trade_in_drafts where user_id = ${owner.id}`;
  const parsed = TradeInDraftSchema.safeParse(row?.draft);
  return parsed.success ? parsed.data : null;
}

export async function saveDraft(sql: Sql, owner: SessionUser, draft: TradeInDraft | null): Promise<void> {
  if (draft === null) await sql`delete from trade_in_drafts where user_id = ${owner.id}`;
  else {
    await sql`
      insert into trade_in_drafts (user_id, draft) values (${owner.id}, ${sql.json(draft)})
      on conflict (user_id) do update set draft = excluded.draft, updated_at = now()`;
  }
}
