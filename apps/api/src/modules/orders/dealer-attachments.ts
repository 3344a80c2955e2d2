// Dealer orders (decision 025): the dealer's invoice PDFs attached to an order, and who may read them.
import { randomUUID } from 'node:crypto';
import type { AppendDealerInvoiceBody, OrderAttachment } from '@varg/contracts';
import { MAX_DEALER_INVOICE_BYTES } from '@varg/contracts';
import type { UiLanguage } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { fileTypeFromBuffer } from '../../lib/on-demand.ts';
import type { DealerOrdersContext } from './dealer-context.ts';
import type { AttachmentRow } from './dealer-repo.ts';
import type { Viewer } from './service.ts';

export function attachmentView(row: AttachmentRow): OrderAttachment {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    salesorder_type: row.salesorderType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}

export function dealerOrderAttachments({ deps, repo, readable, editable }: DealerOrdersContext) {
  /**
   * The order's buyer, the dealer who looks after it and administrators read its invoices; for anybody else (a
   * customer who is not the buyer included) the order is as unknown as a missing one, so ids cannot be probed.
   */
  async function orderFor(viewer: Viewer, orderId: string): Promise<void> {
    const found = await deps.orders.order(orderId);
    if (!found) throw new ApiError('ORDER_NOT_FOUND');
    if (found.order.userId === viewer.userId) return;
    try {
      await readable(viewer, orderId);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'FORBIDDEN') throw new ApiError('ORDER_NOT_FOUND');
      throw error;
    }
  }

  /** An attachment the viewer may read: the dealer's, the buyer's or an administrator's order. */
  async function attachmentFor(viewer: Viewer, orderId: string, attachmentId: string): Promise<AttachmentRow> {
    await orderFor(viewer, orderId);
    const row = await repo.attachment(orderId, attachmentId);
    if (!row) throw new ApiError('ATTACHMENT_NOT_FOUND');
    return row;
  }

  return {
    /** Spec: PUT order/{id}/append-dealer-invoice: the dealer's invoice PDF (base64), stored and listed on the order. */
    async appendInvoice(
      viewer: Viewer,
      id: string,
      body: AppendDealerInvoiceBody,
      meta: { ip: string | null; lang: UiLanguage },
    ): Promise<OrderAttachment[]> {
      const { found } = await editable(viewer, id);
      const base64 = body.invoice.replace(/^data:[^;,]*;base64,/, '');
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64.replace(/\s+/g, ''))) throw new ApiError('VALIDATION_ERROR');
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length > MAX_DEALER_INVOICE_BYTES) throw new ApiError('INVOICE_TOO_LARGE');
      const sniffed = bytes.length ? await fileTypeFromBuffer(bytes) : undefined;
      if (sniffed?.mime !== 'application/pdf') throw new ApiError('INVOICE_NOT_PDF');
      const attachmentId = randomUUID();
      const key = `dealer-invoices/${found.order.id}/${attachmentId}.pdf`;
      await deps.storage.put(key, bytes, 'application/pdf');
      try {
        await repo.addAttachment(
          {
            id: attachmentId,
            orderId: found.order.id,
            salesorderType: body.salesorder_type,
            type: body.type,
            name: body.name,
            contentType: 'application/pdf',
            size: bytes.length,
            storageKey: key,
            uploadedBy: viewer.userId,
          },
          {
            actorId: viewer.userId,
            action: 'order.append_dealer_invoice',
            detail: { orderId: found.order.id, attachmentId, size: bytes.length },
            ip: meta.ip,
          },
        );
      } catch (error) {
        await deps.storage.delete(key).catch(() => undefined);
        throw error;
      }
      return (await repo.attachments(found.order.id)).map(attachmentView);
    },

    /** The invoices dealers attached to an order, for its buyer, its dealer and administrators. */
    async attachmentList(viewer: Viewer, orderId: string): Promise<OrderAttachment[]> {
      await orderFor(viewer, orderId);
      return (await repo.attachments(orderId)).map(attachmentView);
    },

    /** A signed link to an attached invoice, to open without a token for a few minutes. */
    async attachmentLink(viewer: Viewer, orderId: string, attachmentId: string) {
      await attachmentFor(viewer, orderId, attachmentId);
      const { token, expiresAt } = deps.links.sign(`attachment:${attachmentId}`);
      return {
        downloadURL: `/v1/order/${orderId}/dealer-invoices/${attachmentId}?token=${token}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** An attached invoice: for the dealer, the buyer and administrators, or anyone with a signed link. */
    async attachmentFile(viewer: Viewer | null, orderId: string, attachmentId: string, token?: string) {
      let row: AttachmentRow | null;
      if (token !== undefined) {
        if (!deps.links.verify(`attachment:${attachmentId}`, token)) throw new ApiError('INVALID_TOKEN');
        row = await repo.attachment(orderId, attachmentId);
        if (!row) throw new ApiError('ATTACHMENT_NOT_FOUND');
      } else {
        if (!viewer) throw new ApiError('UNAUTHORIZED');
        row = await attachmentFor(viewer, orderId, attachmentId);
      }
      const file = await deps.storage.get(row.storageKey);
      if (!file) throw new ApiError('ATTACHMENT_NOT_FOUND');
      return { name: row.name, contentType: row.contentType, body: file.body };
    },
  };
}
