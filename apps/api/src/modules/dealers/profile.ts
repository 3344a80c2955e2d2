import type { Dealer, DealerInfoBody } from '@varg/contracts';
import { isUuid } from '@varg/domain';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { ApiError } from '../../lib/api-error.ts';
import type { AuditService } from '../audit/service.ts';
import { toDealer } from '../identity/service.ts';
import type { DealersRepo } from './repo.ts';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});

/** A phone number in international form (E.164), read in `country` when it has no leading plus; PHONE_INVALID else. */
function phone(value: string, country: string): string {
  const parsed = parsePhoneNumberFromString(value, value.startsWith('+') ? undefined : (country as CountryCode));
  if (!parsed?.isValid()) throw new ApiError('PHONE_INVALID');
  return parsed.number;
}

type Address = NonNullable<DealerInfoBody['shippingInfo']>['address'];
/** The spec's received form of a dealer address: street, additional, postalCode, city, state, country. */
const address = (a: Address) => ({
  street: a.line1,
  additional: a.line2,
  postalCode: a.postalCode,
  city: a.city,
  state: a.state,
  country: a.country,
});

/**
 * The dealer's own profile (spec section 7: PUT dealer/{id}/info): store (name, address and its point on the map),
 * contact (phone, support e-mail), invoicing (company, VAT id checked with the VAT provider, owner, phone, e-mails,
 * address) and shipping (who receives deliveries, where). Only the dealer itself and administrators; audited.
 */
export function dealerProfileService(deps: {
  repo: DealersRepo;
  vatValid(vatId: string, country: string): Promise<boolean>;
  audit: AuditService;
}) {
  return {
    async updateInfo(
      caller: { userId: string; roles: readonly string[] },
      dealerId: string,
      body: DealerInfoBody,
      ip: string | null,
    ): Promise<Dealer> {
      const found = isUuid(dealerId) ? await deps.repo.withUser(dealerId) : null;
      // Another dealer's record is as unknown as a missing one.
      if (!found || (found.dealer.userId !== caller.userId && !caller.roles.includes('admin'))) {
        throw new ApiError('DEALER_NOT_FOUND');
      }
      const { dealer, user } = found;
      const country = user.country;
      const values: { storeInfo?: Json; invoicing?: Json; shipping?: Json } = {};
      if (body.storeInfo || body.contactInfo) {
        const store = { ...obj(dealer.storeInfo) };
        if (body.storeInfo) {
          store.name = body.storeInfo.storeName;
          store.formattedAddress = body.storeInfo.formattedAddress;
          store.location = { type: 'Point', coordinates: body.storeInfo.location.coordinates };
        }
        if (body.contactInfo) {
          store.phone = phone(body.contactInfo.phone, country);
          store.supportEmail = body.contactInfo.dealerSupportEmail.toLowerCase();
        }
        values.storeInfo = store;
      }
      if (body.companyInfo) {
        const c = body.companyInfo;
        const vatId = c.companyId.replace(/[\s.-]/g, '').toUpperCase();
        if (!(await deps.vatValid(vatId, c.address.country))) throw new ApiError('VAT_ID_INVALID');
        values.invoicing = {
          company: c.companyName,
          id: vatId,
          owner: c.companyOwnerName,
          phone: phone(c.phone, c.address.country),
          email: c.email.map((e) => e.toLowerCase()).join(', '),
          address: address(c.address),
        };
      }
      if (body.shippingInfo) {
        const s = body.shippingInfo;
        values.shipping = {
          firstName: s.firstName,
          lastName: s.lastName,
          name: `${s.firstName} ${s.lastName}`,
          phone: phone(s.phone, s.address.country),
          email: s.email.toLowerCase(),
          address: address(s.address),
        };
      }
      const updated = await deps.repo.updateInfo(dealer.id, values);
      if (!updated) throw new ApiError('DEALER_NOT_FOUND');
      await deps.audit.record({
        actorId: caller.userId,
        action: 'dealer.update_info',
        detail: { dealerId: dealer.id, sections: Object.keys(body) },
        ip,
      });
      return toDealer(updated.dealer, updated.user);
    },
  };
}
export type DealerProfileService = ReturnType<typeof dealerProfileService>;
