import { ESCROW_INSPECTION_DAYS, PAYMENT_TERMS_TEXT, SUPPORT_CONTACT, TERMS } from '@app/shared';
import { FeeCalculator, FeeSchedulePoints } from '../../shared/fees';

export function PrivacyPolicyPage() {
  return (
    <article className="prose mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">Privacy Policy</h1>
      <h2 className="mt-6 text-xl font-semibold">Data we collect</h2>
      <p>
        Account details (name, email), the vehicles you list, your bids, comments and chat messages, and technical data
        such as your IP address used to protect accounts.
      </p>
      <h2 className="mt-6 text-xl font-semibold">How we use it</h2>
      <p>To run auctions, settle sales through escrow, prevent fraud, and send the notifications you ask for.</p>
      <h2 className="mt-6 text-xl font-semibold">Security</h2>
      <p>
        Passwords are stored only as salted argon2id hashes; sessions are server-side and can be ended at any time by
        signing out.
      </p>
      <h2 className="mt-6 text-xl font-semibold">Third-party services</h2>
      <p>
        Payment processing, vehicle history and shipping partners receive only what they need to perform their service.
      </p>
      <h2 className="mt-6 text-xl font-semibold">Your rights</h2>
      <p>You may request access to, correction of or deletion of your data.</p>
      <h2 className="mt-6 text-xl font-semibold">Contact</h2>
      <p>
        {SUPPORT_CONTACT.email} · {SUPPORT_CONTACT.phone} · {SUPPORT_CONTACT.address}
      </p>
    </article>
  );
}

export function TermsPage() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">Terms of Service</h1>
      <h2 className="mt-6 text-xl font-semibold">Fees</h2>
      <FeeSchedulePoints />
      <div className="mt-4">
        <FeeCalculator />
      </div>
      <h2 className="mt-6 text-xl font-semibold">Bidding and payment</h2>
      <p>
        Every bid is binding. {PAYMENT_TERMS_TEXT} Once the car is delivered, the buyer has {ESCROW_INSPECTION_DAYS}{' '}
        days to inspect the vehicle or raise a dispute; then, with the documents verified, the funds are released to the
        seller.
      </p>
      <h2 className="mt-6 text-xl font-semibold">Liability</h2>
      <p>Our liability is capped at the fees you paid us in the prior 12 months.</p>
      <h2 className="mt-6 text-xl font-semibold">Governing law</h2>
      <p>These terms are governed by the laws of {TERMS.governingLaw}. Disputes are settled by arbitration.</p>
    </article>
  );
}
