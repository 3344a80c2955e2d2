// Vehicles (decision 018): ownership transfer by a one-time code e-mailed to the new owner.
import { createHash, randomInt } from 'node:crypto';
import type { Vehicle, VehicleTransferView } from '@varg/contracts';
import {
  isUuid,
  localeTag,
  normalizeTransferCode,
  TRANSFER_CODE_ALPHABET,
  TRANSFER_CODE_LENGTH,
  TRANSFER_CODE_TTL_MS,
  TRANSFER_MAX_ATTEMPTS,
  transferRefusal,
  type UiLanguage,
} from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { type Caller, fullName, langOf, modelName, transferView, type VehiclesContext } from './context.ts';
import { vehicleEmails } from './emails.ts';
import type { VehicleRow } from './repo.ts';

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** A transfer code of the alphabet without look-alikes, drawn with the CSPRNG. */
function newTransferCode(): string {
  let code = '';
  for (let i = 0; i < TRANSFER_CODE_LENGTH; i++)
    code += TRANSFER_CODE_ALPHABET[randomInt(TRANSFER_CODE_ALPHABET.length)];
  return code;
}

/** Shown grouped in fours (ABCD-EF23); typed with or without the dash. */
const displayCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

export function vehicleTransfers({ deps, repo, now, ownVehicle, views, vehiclesLink }: VehiclesContext) {
  const { people, email } = deps;
  return {
    /** Starts a transfer: e-mails a one-time code to the new owner, in their language. */
    async requestTransfer(caller: Caller, id: string, toEmail: string, lang: UiLanguage): Promise<VehicleTransferView> {
      const vehicle = await ownVehicle(caller, id);
      const from = await people.byId(caller.userId);
      const to = toEmail.trim().toLowerCase();
      if (!from || from.email.toLowerCase() === to) throw new ApiError('TRANSFER_SELF');
      const code = newTransferCode();
      const at = now();
      const row = await repo.insertTransfer({
        vehicleId: vehicle.id,
        fromUserId: caller.userId,
        toEmail: to,
        codeHash: hashCode(code),
        expiresAt: new Date(at.getTime() + TRANSFER_CODE_TTL_MS),
        createdAt: at,
      });
      if (!row) throw new ApiError('TRANSFER_PENDING');
      const recipient = await people.byEmail(to);
      const toLang = langOf(recipient, lang);
      const country = recipient?.country ?? vehicle.country;
      const link = vehiclesLink(toLang, country, `/vehicles/transfer/${vehicle.id}`);
      const expires = `${new Intl.DateTimeFormat(localeTag({ lang: toLang, country }), {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: 'UTC',
      }).format(row.expiresAt)} UTC`;
      await email.send(
        vehicleEmails.transferCode(toLang, to, {
          name: recipient?.name ?? '',
          from: fullName(from) || from.email,
          model: modelName(toLang, vehicle.model),
          vin: vehicle.vin,
          code: displayCode(code),
          link,
          expires,
        }),
      );
      return transferView(row);
    },

    /** The owner calls a pending transfer off; the code stops working. */
    async cancelTransfer(caller: Caller, id: string): Promise<void> {
      const vehicle = await ownVehicle(caller, id);
      const [pending] = await repo.pendingTransfers([vehicle.id]);
      if (!pending || !(await repo.finishTransfer(pending.id, 'cancelled', now()))) {
        throw new ApiError('TRANSFER_NOT_FOUND');
      }
    },

    /** What the confirm page shows the addressed new owner before they type the code. */
    async incomingTransfer(caller: Caller, id: string, lang: UiLanguage) {
      const me = await people.byId(caller.userId);
      const vehicle = isUuid(id) ? await repo.byId(id) : null;
      const transfer = vehicle ? await repo.latestTransfer(vehicle.id) : null;
      if (!vehicle || !transfer || !me) throw new ApiError('TRANSFER_NOT_FOUND');
      if (transfer.toEmail !== me.email.toLowerCase()) throw new ApiError('TRANSFER_NOT_ADDRESSED');
      const from = await people.byId(transfer.fromUserId);
      return {
        vehicleId: vehicle.id,
        model: vehicle.model,
        modelName: modelName(lang, vehicle.model),
        color: vehicle.color,
        vin: vehicle.vin,
        from: fullName(from),
        transfer: transferView(transfer),
      };
    },

    /**
     * The addressed new owner confirms with the code: the vehicle (its warranty and documents go with it) moves in one
     * transaction and both parties are e-mailed. A wrong code counts an attempt; the fifth locks the transfer.
     */
    async confirmTransfer(caller: Caller, id: string, typedCode: string, lang: UiLanguage): Promise<Vehicle> {
      const me = await people.byId(caller.userId);
      const vehicle = isUuid(id) ? await repo.byId(id) : null;
      const transfer = vehicle ? await repo.latestTransfer(vehicle.id) : null;
      if (!vehicle || !transfer || !me) throw new ApiError('TRANSFER_NOT_FOUND');
      if (transfer.toEmail !== me.email.toLowerCase()) throw new ApiError('TRANSFER_NOT_ADDRESSED');
      const at = now();
      const refusal = transferRefusal(transfer, at);
      if (refusal === 'not_pending') {
        throw new ApiError(transfer.status === 'confirmed' ? 'TRANSFER_CODE_USED' : 'TRANSFER_NOT_FOUND');
      }
      if (refusal === 'expired') {
        await repo.finishTransfer(transfer.id, 'expired', at);
        throw new ApiError('TRANSFER_EXPIRED');
      }
      if (refusal === 'locked') throw new ApiError('TRANSFER_LOCKED');
      if (hashCode(normalizeTransferCode(typedCode)) !== transfer.codeHash) {
        const attempts = await repo.countAttempt(transfer.id);
        if (attempts >= TRANSFER_MAX_ATTEMPTS) {
          await repo.finishTransfer(transfer.id, 'locked', at);
          throw new ApiError('TRANSFER_LOCKED');
        }
        throw new ApiError('TRANSFER_CODE_INVALID', { count: TRANSFER_MAX_ATTEMPTS - attempts });
      }
      const from = await people.byId(transfer.fromUserId);
      const fromLang = langOf(from, lang);
      const meLang = langOf(me, lang);
      // The vehicle moves, and both parties' e-mails are written, in one transaction (decision 056).
      const completed = await repo.completeTransfer(transfer, me.id, at, async (tx) => {
        if (from) {
          await email.send(
            vehicleEmails.transferredFrom(fromLang, from.email, {
              name: from.name,
              model: modelName(fromLang, vehicle.model),
              vin: vehicle.vin,
              toEmail: me.email,
            }),
            { tx },
          );
        }
        await email.send(
          vehicleEmails.transferredTo(meLang, me.email, {
            name: me.name,
            model: modelName(meLang, vehicle.model),
            vin: vehicle.vin,
            link: vehiclesLink(meLang, me.country),
          }),
          { tx },
        );
      });
      if (!completed) throw new ApiError('TRANSFER_CODE_USED');
      email.afterCommit();
      const moved = await repo.byId(vehicle.id);
      return (await views([moved as VehicleRow], lang, me.id))[0] as Vehicle;
    },
  };
}
