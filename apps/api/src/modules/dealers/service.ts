import type { DealerApplication, DealerApplicationBody, DealerApplicationState, DealerApproval } from '@varg/contracts';
import { formatLocaleSegment, isUuid, type UiLanguage, uiLanguageFrom } from '@varg/domain';
import { t } from '@varg/i18n/server';
import { ApiError } from '../../lib/api-error.ts';
import { plainEmail } from '../../lib/plain-email.ts';
import type { CaptchaProvider } from '../../providers/captcha/interface.ts';
import type { EmailProvider } from '../../providers/email/interface.ts';
import type { ApplicantRow, DealerRow, DealersRepo } from './repo.ts';

const mail = (lang: UiLanguage, to: string, name: string, subjectKey: string, paragraphs: string[]) =>
  plainEmail(lang, to, name, t(lang, subjectKey), paragraphs);

const STATUS = { 0: 'pending', 1: 'approved', 2: 'rejected' } as const;
const statusOf = (row: DealerRow) => STATUS[row.status as 0 | 1 | 2] ?? 'pending';

type Applicant = ApplicantRow;

/**
 * Becoming a dealer (spec sections 4 and 5, decision 020): a signed-in user who is neither dealer nor lead dealer
 * applies once; administrators approve (status 1, the dealer role and the commercial terms) or reject with a reason;
 * the applicant is e-mailed in their language either way.
 */
export function dealersService(deps: {
  repo: DealersRepo;
  applicant(userId: string): Promise<Applicant | null>;
  vatValid(vatId: string, country: string): Promise<boolean>;
  captcha: CaptchaProvider;
  email: EmailProvider;
  publicUrl: string;
}) {
  const { repo, captcha, email } = deps;

  function view(row: DealerRow, user: Applicant): DealerApplication {
    const application = (row.application ?? {}) as Partial<DealerApplicationBody>;
    const store = row.storeInfo as { name?: string; formattedAddress?: string; phone?: string };
    const invoicing = row.invoicing as { company?: string; id?: string };
    return {
      _id: row.id,
      status: statusOf(row),
      user: { _id: user.id, email: user.email, name: user.name, lang: user.lang, country: user.country },
      companyName: application.companyName ?? invoicing.company ?? '',
      vatId: application.vatId ?? invoicing.id ?? '',
      storeName: store.name ?? '',
      address: store.formattedAddress ?? '',
      phone: store.phone ?? application.phone ?? '',
      expectedYearlyVolume: application.expectedYearlyVolume ?? null,
      message: application.message ?? '',
      appliedAt: (row.appliedAt ?? row.createdAt).toISOString(),
    };
  }

  const langOf = (user: Applicant): UiLanguage => uiLanguageFrom(user.lang) ?? 'en-us';
  /** A decided application with its applicant as the decision's transaction read them. */
  const decidedView = ({ row, applicant }: { row: DealerRow; applicant: Applicant | null }) =>
    view(row, applicant ?? { id: row.userId, email: '', name: '', lang: 'en-us', country: '', roles: [] });

  return {
    async state(userId: string): Promise<DealerApplicationState> {
      const [user, row] = await Promise.all([deps.applicant(userId), repo.ofUser(userId)]);
      const blocked = !user || user.roles.includes('dealer') || user.roles.includes('lead_dealer');
      return {
        status: row ? statusOf(row) : 'none',
        allowed: !blocked && !row,
        storeName: row ? String((row.storeInfo as { name?: string }).name ?? '') : null,
        appliedAt: row ? (row.appliedAt ?? row.createdAt).toISOString() : null,
        rejectionReason: row?.rejectionReason ?? null,
      };
    },

    async apply(userId: string, body: DealerApplicationBody, ip: string): Promise<DealerApplicationState> {
      const user = await deps.applicant(userId);
      if (!user || user.roles.includes('dealer') || user.roles.includes('lead_dealer')) {
        throw new ApiError('DEALER_APPLICATION_NOT_ALLOWED');
      }
      if (await repo.ofUser(userId)) throw new ApiError('DEALER_APPLICATION_EXISTS');
      if (!(await captcha.verify(body.captcha, 'dealer_application', ip)).ok) throw new ApiError('CAPTCHA_FAILED');
      const vatId = body.vatId.replace(/[\s.-]/g, '').toUpperCase();
      if (!(await deps.vatValid(vatId, body.country))) throw new ApiError('VAT_ID_INVALID');
      const { captcha: _, ...application } = body;
      const formattedAddress = [body.line1, body.line2, `${body.postalCode} ${body.city}`, body.country]
        .filter(Boolean)
        .join(', ');
      const row = await repo.insertApplication({
        userId,
        status: 0,
        application: { ...application, vatId },
        appliedAt: new Date(),
        storeInfo: {
          name: body.storeName,
          formattedAddress,
          phone: body.phone,
          supportEmail: user.email,
          location: { type: 'Point', coordinates: [0, 0] },
        },
        invoicing: {
          company: body.companyName,
          id: vatId,
          phone: body.phone,
          email: user.email,
          address: {
            street: body.line1,
            additional: body.line2,
            postalCode: body.postalCode,
            city: body.city,
            state: '',
            country: body.country,
          },
        },
      });
      if (!row) throw new ApiError('DEALER_APPLICATION_EXISTS');
      const lang = langOf(user);
      await email.send(
        mail(lang, user.email, user.name, 'dealer_application_email_subject', [
          t(lang, 'dealer_application_email_text', { store: body.storeName }),
        ]),
      );
      return this.state(userId);
    },

    async list(): Promise<DealerApplication[]> {
      return (await repo.applications([0, 2])).map((r) => view(r.dealer, r.user));
    },

    async approve(adminId: string, id: string, terms: DealerApproval): Promise<DealerApplication> {
      if (!isUuid(id)) throw new ApiError('DEALER_APPLICATION_NOT_FOUND');
      // The decision and the applicant's e-mail about it commit together (decision 056).
      const decided = await repo.decide(
        id,
        {
          status: 1,
          groupName: terms.groupName,
          labourRate: terms.labourRate,
          assemblyReimbursement: terms.reimbursement,
          revenueCurrency: terms.currency,
          marketplace: { documentFee: terms.documentFee, margin: terms.margin },
          reviewedAt: new Date(),
          reviewedBy: adminId,
        },
        async (tx, applicant) => {
          if (!applicant) return;
          const lang = langOf(applicant);
          const link = `${deps.publicUrl}/${formatLocaleSegment({ lang, country: applicant.country })}/dealer`;
          const text = t(lang, 'dealer_approved_email_text', { link });
          await email.send(mail(lang, applicant.email, applicant.name, 'dealer_approved_email_subject', [text]), {
            tx,
          });
        },
      );
      if (!decided) throw new ApiError('DEALER_APPLICATION_NOT_FOUND');
      email.afterCommit();
      return decidedView(decided);
    },

    async reject(adminId: string, id: string, reason: string): Promise<DealerApplication> {
      if (!isUuid(id)) throw new ApiError('DEALER_APPLICATION_NOT_FOUND');
      const decided = await repo.decide(
        id,
        { status: 2, rejectionReason: reason, reviewedAt: new Date(), reviewedBy: adminId },
        async (tx, applicant) => {
          if (!applicant) return;
          const lang = langOf(applicant);
          const text = t(lang, 'dealer_rejected_email_text', { reason });
          await email.send(mail(lang, applicant.email, applicant.name, 'dealer_rejected_email_subject', [text]), {
            tx,
          });
        },
      );
      if (!decided) throw new ApiError('DEALER_APPLICATION_NOT_FOUND');
      email.afterCommit();
      return decidedView(decided);
    },
  };
}
export type DealersService = ReturnType<typeof dealersService>;
