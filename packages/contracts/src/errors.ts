import { z } from 'zod';

/** The one error envelope of the API (DESIGN.md section 6). `message` is translated; `t_key` is its catalog key. */
export const ErrorEnvelope = z
  .object({
    statusCode: z.number().int().min(400).max(599),
    code: z.string(),
    message: z.string(),
    t_key: z.string().optional(),
    details: z
      .array(
        z.object({
          path: z.string(),
          message: z.string().meta({ description: 'In the request language' }),
          t_key: z.string().optional().meta({ description: 'Catalog key of the message' }),
        }),
      )
      .optional(),
    requestId: z.string().optional().meta({
      description: "The request's id (also the `x-request-id` answer header): quote it when reporting a problem",
    }),
  })
  .meta({ id: 'Error' });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** Error codes with their translation keys. Codes named by the spec are kept as given. */
export const ERRORS = {
  VALIDATION_ERROR: { statusCode: 400, t_key: 'error_validation' },
  BAD_REQUEST: { statusCode: 400, t_key: 'error_bad_request' },
  UNAUTHORIZED: { statusCode: 401, t_key: 'error_unauthorized' },
  FORBIDDEN: { statusCode: 403, t_key: 'error_forbidden' },
  NOT_FOUND: { statusCode: 404, t_key: 'error_resource_not_found' },
  COUNTRY_NOT_FOUND: { statusCode: 404, t_key: 'error_country_not_found' },
  LANGUAGE_NOT_FOUND: { statusCode: 404, t_key: 'error_language_not_found' },
  PAYLOAD_TOO_LARGE: { statusCode: 413, t_key: 'error_payload_too_large' },
  UNSUPPORTED_MEDIA_TYPE: { statusCode: 415, t_key: 'error_unsupported_media_type' },
  RATE_LIMITED: { statusCode: 429, t_key: 'error_rate_limited' },
  INVALID_CREDENTIALS: { statusCode: 401, t_key: 'error_invalid_credentials' },
  EMAIL_NOT_CONFIRMED: { statusCode: 403, t_key: 'error_email_not_confirmed' },
  INVALID_REFRESH_TOKEN: { statusCode: 401, t_key: 'error_session_expired' },
  INVALID_TOKEN: { statusCode: 400, t_key: 'error_link_invalid' },
  WRONG_PASSWORD: { statusCode: 400, t_key: 'error_wrong_password' },
  EMAIL_TAKEN: { statusCode: 409, t_key: 'error_email_taken' },
  USER_NOT_FOUND: { statusCode: 404, t_key: 'error_resource_not_found' },
  CROSS_SITE_REQUEST: { statusCode: 403, t_key: 'error_cross_site' },
  PRODUCT_NOT_FOUND: { statusCode: 404, t_key: 'error_product_not_found' },
  INVALID_CONFIGURATION: { statusCode: 400, t_key: 'error_invalid_configuration' },
  INCOMPATIBLE_OPTIONS: { statusCode: 400, t_key: 'error_incompatible_options' },
  PRICE_UNAVAILABLE: { statusCode: 404, t_key: 'error_price_unavailable' },
  DEFAULT_CONFIGURATION_BROKEN: { statusCode: 400, t_key: 'error_default_configuration_broken' },
  OPTION_NOT_FOUND: { statusCode: 404, t_key: 'error_option_not_found' },
  OPTION_EXISTS: { statusCode: 409, t_key: 'error_option_exists' },
  OPTION_IN_USE: { statusCode: 409, t_key: 'error_option_in_use' },
  OPTION_IS_DEFAULT: { statusCode: 409, t_key: 'error_option_is_default' },
  OPTION_GROUP_NOT_FOUND: { statusCode: 404, t_key: 'error_option_group_not_found' },
  OPTION_PRICES_MISSING: { statusCode: 400, t_key: 'error_option_prices_missing' },
  OPTION_PRICE_CURRENCY: { statusCode: 400, t_key: 'error_option_price_currency' },
  PART_NOT_FOUND: { statusCode: 404, t_key: 'error_part_not_found' },
  PART_PRICE_CURRENCY: { statusCode: 400, t_key: 'error_part_price_currency' },
  PART_SKU_TAKEN: { statusCode: 409, t_key: 'error_part_sku_taken' },
  PART_ARTICLE_TAKEN: { statusCode: 409, t_key: 'error_part_article_taken' },
  PART_ARTICLE_NOT_FOUND: { statusCode: 404, t_key: 'error_part_article_not_found' },
  PART_GROUP_NOT_FOUND: { statusCode: 404, t_key: 'error_part_group_not_found' },
  DOCUMENT_NOT_PDF: { statusCode: 415, t_key: 'error_document_not_pdf' },
  DOCUMENT_TOO_LARGE: { statusCode: 413, t_key: 'error_document_too_large' },
  CONFIGURATION_NOT_FOUND: { statusCode: 404, t_key: 'error_product_not_found' },
  ORDER_NOT_FOUND: { statusCode: 404, t_key: 'error_order_not_found' },
  PAYMENT_NOT_FOUND: { statusCode: 404, t_key: 'error_payment_not_found' },
  PAYMENT_CONFLICT: { statusCode: 409, t_key: 'error_payment_conflict' },
  PAYMENT_KIND_NOT_ALLOWED: { statusCode: 400, t_key: 'error_payment_kind_not_allowed' },
  PAYMENT_METHOD_NOT_ALLOWED: { statusCode: 400, t_key: 'error_payment_method_not_allowed' },
  ORDER_ALREADY_PAID: { statusCode: 409, t_key: 'error_order_already_paid' },
  PAYMENT_UPDATE_FAILED: { statusCode: 400, t_key: 'checkout_update_payment_error' },
  PAYMENT_DETAILS_INVALID: { statusCode: 400, t_key: 'error_payment_details_invalid' },
  PAYMENT_PROVIDER_ERROR: { statusCode: 502, t_key: 'error_payment_provider' },
  WEBHOOK_SIGNATURE_INVALID: { statusCode: 400, t_key: 'error_webhook_signature' },
  CARD_NOT_FOUND: { statusCode: 404, t_key: 'error_card_not_found' },
  DOWN_PAYMENT_INVALID: { statusCode: 400, t_key: 'error_down_payment_invalid' },
  REFUND_INVALID: { statusCode: 400, t_key: 'error_refund_invalid' },
  FINANCING_NOT_AVAILABLE: { statusCode: 400, t_key: 'error_financing_not_available' },
  /** A financing application is decided by the lender's signed callback only, never by the buyer (decision 030). */
  FINANCING_DECIDED_BY_LENDER: { statusCode: 403, t_key: 'error_financing_decided_by_lender' },
  /** Production: the market has no payment provider configured (no sandbox there; decision 030). */
  PAYMENT_METHOD_UNAVAILABLE: { statusCode: 503, t_key: 'error_payment_method_unavailable' },
  ACCOUNT_EXISTS: { statusCode: 409, t_key: 'error_account_exists' },
  /** A confirm of a cart ordered already that is not its buyer's retry: the buyer is e-mailed a link to pay (062). */
  CART_ALREADY_ORDERED: { statusCode: 409, t_key: 'error_cart_already_ordered' },
  STOCK_BIKE_UNAVAILABLE: { statusCode: 409, t_key: 'error_stock_bike_unavailable' },
  SHIPPING_METHOD_NOT_ALLOWED: { statusCode: 400, t_key: 'error_shipping_method_not_allowed' },
  ADDRESS_COUNTRY_MISMATCH: { statusCode: 400, t_key: 'error_address_country_mismatch' },
  CHECKOUT_TAX_ERROR: { statusCode: 400, t_key: 'error_checkout_tax' },
  STORE_CATEGORY_NOT_FOUND: { statusCode: 404, t_key: 'error_store_category_not_found' },
  STORE_ITEM_NOT_FOUND: { statusCode: 404, t_key: 'error_store_item_not_found' },
  VARIANT_NOT_FOUND: { statusCode: 404, t_key: 'error_store_item_not_found' },
  TECHNICAL_DOCUMENT_NOT_FOUND: { statusCode: 404, t_key: 'error_resource_not_found' },
  SHOPPING_CART_NOT_FOUND: { statusCode: 404, t_key: 'error_cart_not_found' },
  CART_ITEM_NOT_FOUND: { statusCode: 404, t_key: 'error_cart_item_not_found' },
  CART_ITEM_UNAVAILABLE: { statusCode: 400, t_key: 'error_cart_item_unavailable' },
  STOCK_BIKE_NOT_FOUND: { statusCode: 404, t_key: 'error_stock_bike_not_found' },
  /** A stock bike's line is one bike: its quantity and options do not change. */
  STOCK_BIKE_LINE_FIXED: { statusCode: 400, t_key: 'error_stock_bike_line_fixed' },
  /** The cart cannot be checked out: empty, or a line cannot be bought in its market. */
  'CART-ERROR-001': { statusCode: 400, t_key: 'error_cart_not_checkoutable' },
  /** Bikes and store items do not share a cart. */
  'CART-ERROR-003': { statusCode: 400, t_key: 'mixed_item_cart' },
  ADDRESS_NOT_FOUND: { statusCode: 404, t_key: 'error_address_not_found' },
  ADDRESS_LIMIT_REACHED: { statusCode: 409, t_key: 'error_address_limit' },
  INVALID_POSTAL_CODE: { statusCode: 400, t_key: 'error_postal_code_invalid' },
  INVALID_STATE: { statusCode: 400, t_key: 'error_state_invalid' },
  GEOCODING_DISABLED: { statusCode: 503, t_key: 'error_geocoding_disabled' },
  PLACE_NOT_FOUND: { statusCode: 404, t_key: 'error_place_not_found' },
  GEOCODING_FAILED: { statusCode: 502, t_key: 'error_geocoding_failed' },
  VAT_CHECK_UNAVAILABLE: { statusCode: 503, t_key: 'error_vat_check_unavailable' },
  IMPERSONATION_TARGET: { statusCode: 400, t_key: 'error_impersonation_target' },
  /** An administrator acting as a customer may not change the customer's e-mail address, password or cards. */
  IMPERSONATION_NOT_ALLOWED: { statusCode: 403, t_key: 'error_impersonation_not_allowed' },
  /** PUT user with another address: the address changes only through `POST user/email-change`, with the password. */
  EMAIL_CHANGE_NEEDS_PASSWORD: { statusCode: 400, t_key: 'error_email_change_needs_password' },
  /** The new e-mail address is the account's own. */
  EMAIL_UNCHANGED: { statusCode: 400, t_key: 'error_email_unchanged' },
  TRANSLATION_KEY_UNKNOWN: { statusCode: 404, t_key: 'error_translation_key_unknown' },
  // — vehicles (docs/decisions/018-vehicles.md) —
  VEHICLE_NOT_FOUND: { statusCode: 404, t_key: 'error_vehicle_not_found' },
  VIN_INVALID: { statusCode: 400, t_key: 'error_vin_invalid' },
  VIN_TAKEN: { statusCode: 409, t_key: 'error_vin_taken' },
  /** Every bike of the order already has its vehicle. */
  VEHICLE_ALREADY_DELIVERED: { statusCode: 409, t_key: 'error_vehicle_already_delivered' },
  /** A vehicle is made only from a vehicle order paid in full. */
  ORDER_NOT_PAID: { statusCode: 409, t_key: 'error_order_not_paid' },
  VEHICLE_ALREADY_REGISTERED: { statusCode: 409, t_key: 'error_vehicle_already_registered' },
  TRANSFER_PENDING: { statusCode: 409, t_key: 'error_transfer_pending' },
  TRANSFER_SELF: { statusCode: 400, t_key: 'error_transfer_self' },
  TRANSFER_NOT_FOUND: { statusCode: 404, t_key: 'error_transfer_not_found' },
  /** The code was sent to another address than the signed-in user's. */
  TRANSFER_NOT_ADDRESSED: { statusCode: 403, t_key: 'error_transfer_not_addressed' },
  TRANSFER_CODE_INVALID: { statusCode: 400, t_key: 'error_transfer_code_invalid' },
  TRANSFER_CODE_USED: { statusCode: 409, t_key: 'error_transfer_code_used' },
  TRANSFER_EXPIRED: { statusCode: 410, t_key: 'error_transfer_expired' },
  TRANSFER_LOCKED: { statusCode: 429, t_key: 'error_transfer_locked' },
  // — leads and test rides (docs/decisions/019-leads-and-test-rides.md) —
  LEAD_NOT_FOUND: { statusCode: 404, t_key: 'error_lead_not_found' },
  LEAD_CONTACT_REQUIRED: { statusCode: 400, t_key: 'error_lead_contact_required' },
  DEALER_NOT_FOUND: { statusCode: 404, t_key: 'error_dealer_not_found' },
  TEST_RIDE_DATES_INVALID: { statusCode: 400, t_key: 'error_test_ride_dates' },
  FEEDBACK_LINK_INVALID: { statusCode: 404, t_key: 'error_feedback_link_invalid' },
  FEEDBACK_ALREADY_GIVEN: { statusCode: 409, t_key: 'error_feedback_already_given' },
  // — dealer applications (docs/decisions/020-dealer-applications.md) —
  /** Dealers and lead dealers do not apply (spec section 5). */
  DEALER_APPLICATION_NOT_ALLOWED: { statusCode: 403, t_key: 'error_dealer_application_not_allowed' },
  /** A dealer record exists: the request was sent already. */
  DEALER_APPLICATION_EXISTS: { statusCode: 409, t_key: 'error_dealer_application_exists' },
  DEALER_APPLICATION_NOT_FOUND: { statusCode: 404, t_key: 'error_dealer_application_not_found' },
  VAT_ID_INVALID: { statusCode: 400, t_key: 'error_vat_id_invalid' },
  /** A phone number that is not a valid number of its country (libphonenumber). */
  PHONE_INVALID: { statusCode: 400, t_key: 'error_phone_invalid' },
  /** The captcha of an anonymous form refused the request (reCAPTCHA Enterprise; never while the captcha is off). */
  CAPTCHA_FAILED: { statusCode: 400, t_key: 'error_captcha_failed' },
  // — dealer orders and order edits (docs/decisions/025-dealer-orders.md) —
  /** Cancelled orders, and store lines, are not changed by a dealer. */
  ORDER_NOT_EDITABLE: { statusCode: 409, t_key: 'error_order_not_editable' },
  ORDER_LINE_NOT_FOUND: { statusCode: 404, t_key: 'error_order_line_not_found' },
  ORDER_LINE_NOT_EDITABLE: { statusCode: 400, t_key: 'error_order_line_not_editable' },
  /** The order changed (another edit, a payment) while this edit was priced: nothing was written; try again. */
  ORDER_EDIT_CONFLICT: { statusCode: 409, t_key: 'error_order_edit_conflict' },
  /** A payment of the order is being processed and the new total would be below what it brings: wait for it. */
  ORDER_PAYMENT_UNDER_WAY: { statusCode: 409, t_key: 'error_order_payment_under_way' },
  // — the buyer's change of delivery and contact (docs/decisions/049-buyer-order-update.md) —
  /** A parcel of the order went out: its delivery is no longer changed. */
  ORDER_ALREADY_SHIPPED: { statusCode: 409, t_key: 'error_order_already_shipped' },
  /** A bike of the order was handed over: its delivery is no longer changed. */
  ORDER_ALREADY_DELIVERED: { statusCode: 409, t_key: 'error_order_already_delivered' },
  /** The change would make another total than the one the buyer confirmed: confirm the new one. */
  ORDER_TOTAL_CHANGED: { statusCode: 409, t_key: 'error_order_total_changed' },
  PRICE_BELOW_ALLOWED_DISCOUNT: { statusCode: 400, t_key: 'error_price_below_allowed_discount' },
  PRICE_ABOVE_LIST: { statusCode: 400, t_key: 'error_price_above_list' },
  // — money safety (docs/decisions/027-money.md) —
  /** A dealer's price in the cart is no longer allowed (terms, list price, market): it was changed; check the total. */
  DEALER_PRICE_CHANGED: { statusCode: 409, t_key: 'error_dealer_price_changed' },
  /** The Dealer customer type is for the dealer's own orders; B2B needs a company billing. */
  CUSTOMER_TYPE_NOT_ALLOWED: { statusCode: 400, t_key: 'error_customer_type_not_allowed' },
  /** The upload is not a PDF (by its content, not its name), or is empty. */
  INVOICE_NOT_PDF: { statusCode: 415, t_key: 'error_invoice_not_pdf' },
  INVOICE_TOO_LARGE: { statusCode: 413, t_key: 'error_invoice_too_large' },
  ATTACHMENT_NOT_FOUND: { statusCode: 404, t_key: 'error_attachment_not_found' },
  // — dealer ledger (docs/decisions/024-dealer-ledger.md) —
  /** An unknown ledger entry, or one of a dealer the caller may not read. */
  LEDGER_ENTRY_NOT_FOUND: { statusCode: 404, t_key: 'error_ledger_entry_not_found' },
  /** The period ends before it starts. */
  LEDGER_PERIOD_INVALID: { statusCode: 400, t_key: 'error_ledger_period_invalid' },
  /** The entry is already paid or void: it is not changed again (decision 054). */
  LEDGER_ENTRY_SETTLED: { statusCode: 409, t_key: 'error_ledger_entry_settled' },
  /** Only an invoice is marked paid (a payment, credit note or reimbursement is not). */
  LEDGER_ENTRY_NOT_INVOICE: { statusCode: 409, t_key: 'error_ledger_entry_not_invoice' },
  // — whistleblowing (docs/decisions/023-whistleblowing.md) —
  /** Wrong code or secret, an unknown case, or a case locked after too many tries: one answer for all of them. */
  WHISTLE_CASE_INVALID: { statusCode: 404, t_key: 'error_whistle_case_invalid' },
  WHISTLE_CASE_NOT_FOUND: { statusCode: 404, t_key: 'error_whistle_case_not_found' },
  /** The case is closed: the reporter can read it but not write to it. */
  WHISTLE_CASE_CLOSED: { statusCode: 409, t_key: 'error_whistle_case_closed' },
  WHISTLE_STATUS_CHANGE: { statusCode: 409, t_key: 'error_whistle_status_change' },
  // — the numbered-axe auction (docs/decisions/021-auction.md) —
  AUCTION_NOT_FOUND: { statusCode: 404, t_key: 'error_auction_not_found' },
  AXE_NOT_FOUND: { statusCode: 404, t_key: 'error_axe_not_found' },
  AXE_RANGE_INVALID: { statusCode: 400, t_key: 'error_axe_range_invalid' },
  BID_AMOUNT_INVALID: { statusCode: 400, t_key: 'error_bid_amount_invalid' },
  AUCTION_NOT_STARTED: { statusCode: 409, t_key: 'error_auction_not_started' },
  AUCTION_ENDED: { statusCode: 409, t_key: 'error_auction_ended' },
  /** The bidder holds the highest bid already: no bidding against oneself. */
  BID_ALREADY_HIGHEST: { statusCode: 409, t_key: 'error_bid_already_highest' },
  /** Below the reserve, or not above the highest bid by the increment (`{minimum}`). */
  BID_TOO_LOW: { statusCode: 409, t_key: 'error_bid_too_low' },
  WINNER_LINK_INVALID: { statusCode: 404, t_key: 'error_winner_link_invalid' },
  WINNER_ADDRESS_GIVEN: { statusCode: 409, t_key: 'error_winner_address_given' },
  WINNER_ADDRESS_COUNTRY: { statusCode: 400, t_key: 'error_winner_address_country' },
  /** The caller won no axe at that amount, or has not given the address yet. */
  AUCTION_WIN_NOT_FOUND: { statusCode: 404, t_key: 'error_auction_win_not_found' },
  // — site banners (docs/decisions/045-site-banners.md) —
  BANNER_NOT_FOUND: { statusCode: 404, t_key: 'error_banner_not_found' },
  /** The banner's end is not after its start. */
  BANNER_SCHEDULE: { statusCode: 400, t_key: 'error_banner_schedule' },
  // — legal documents (docs/decisions/047-legal-documents.md) —
  LEGAL_DOCUMENT_NOT_FOUND: { statusCode: 404, t_key: 'error_legal_document_not_found' },
  // — the auction's back office (docs/decisions/046-auction-admin.md) —
  /** Another auction has that slug. */
  AUCTION_SLUG_TAKEN: { statusCode: 409, t_key: 'error_auction_slug_taken' },
  /** The end is not after the start, or the start is not in the future. */
  AUCTION_SCHEDULE_INVALID: { statusCode: 400, t_key: 'error_auction_schedule_invalid' },
  /** The time overlaps another auction's. */
  AUCTION_OVERLAP: { statusCode: 409, t_key: 'error_auction_overlap' },
  /** The auction has started or has bids: its schedule and rules stay as the bids were placed under. */
  AUCTION_STARTED: { statusCode: 409, t_key: 'error_auction_started' },
  /** A featured axe outside the batch's numbers. */
  AUCTION_FEATURED_INVALID: { statusCode: 400, t_key: 'error_auction_featured_invalid' },
  /** The axe has been closed (its winner chosen): its end no longer moves. */
  AXE_CLOSED: { statusCode: 409, t_key: 'error_axe_closed' },
  // — engagement: store finder, team, contact, newsletter (docs/decisions/022-engagement.md) —
  STORE_PLACE_NOT_FOUND: { statusCode: 404, t_key: 'error_store_place_not_found' },
  JOB_POSITION_NOT_FOUND: { statusCode: 404, t_key: 'error_job_position_not_found' },
  JOB_APPLICATION_NOT_FOUND: { statusCode: 404, t_key: 'error_job_application_not_found' },
  CV_FILE_MISSING: { statusCode: 400, t_key: 'error_cv_missing' },
  CV_FILE_TOO_LARGE: { statusCode: 413, t_key: 'error_cv_too_large' },
  CV_FILE_TYPE: { statusCode: 415, t_key: 'error_cv_type' },
  NEWSLETTER_LINK_INVALID: { statusCode: 404, t_key: 'error_newsletter_link_invalid' },
  // — the back office's orders (docs/decisions/042-order-admin.md) —
  ORDER_ALREADY_CANCELLED: { statusCode: 409, t_key: 'error_order_already_cancelled' },
  /** Only a parts (store) order paid in full and not cancelled goes out as a parcel. */
  ORDER_NOT_SHIPPABLE: { statusCode: 409, t_key: 'error_order_not_shippable' },
  TRACKING_NUMBER_INVALID: { statusCode: 400, t_key: 'error_tracking_number_invalid' },
  /** Another carrier needs its own https tracking link. */
  TRACKING_LINK_INVALID: { statusCode: 400, t_key: 'error_tracking_link_invalid' },
  // — the back office's people (docs/decisions/044-people-admin.md) —
  /** The account was disabled by an administrator: no sign-in, no refresh. */
  ACCOUNT_DISABLED: { statusCode: 403, t_key: 'error_account_disabled' },
  /** An administrator cannot disable their own account. */
  ACCOUNT_DISABLE_SELF: { statusCode: 400, t_key: 'error_account_disable_self' },
  /** Disabling it would leave no active administrator. */
  LAST_ADMIN: { statusCode: 409, t_key: 'error_last_admin' },
  /** No active sign-in with that id for that account. */
  SESSION_NOT_FOUND: { statusCode: 404, t_key: 'error_session_not_found' },
  EMAIL_MESSAGE_NOT_FOUND: { statusCode: 404, t_key: 'error_resource_not_found' },
  EMAIL_ALREADY_SENT: { statusCode: 409, t_key: 'error_email_already_sent' },
  EMAIL_ALREADY_CONFIRMED: { statusCode: 409, t_key: 'error_email_already_confirmed' },
  /** Terms are edited for approved (or suspended) dealers; an application is decided first. */
  DEALER_NOT_APPROVED: { statusCode: 409, t_key: 'error_dealer_not_approved' },
  CURRENCY_UNKNOWN: { statusCode: 400, t_key: 'error_currency_unknown' },
  // — staff and roles (back office, decision 040) —
  STAFF_OWN_ADMIN: { statusCode: 409, t_key: 'error_staff_own_admin' },
  STAFF_LAST_ADMIN: { statusCode: 409, t_key: 'error_staff_last_admin' },
  STAFF_LEAD_DEALER_NOT_DEALER: { statusCode: 409, t_key: 'error_staff_lead_dealer_not_dealer' },
  INVITATION_NOT_FOUND: { statusCode: 404, t_key: 'error_invitation_not_found' },
  INVITATION_PENDING: { statusCode: 409, t_key: 'error_invitation_pending' },
  INVITATION_CLOSED: { statusCode: 409, t_key: 'error_invitation_closed' },
  INVITATION_EXPIRED: { statusCode: 410, t_key: 'error_invitation_expired' },
  INVITATION_USED: { statusCode: 410, t_key: 'error_invitation_used' },
  INVITATION_SIGN_IN: { statusCode: 403, t_key: 'error_invitation_sign_in' },
  INVITATION_DETAILS_REQUIRED: { statusCode: 400, t_key: 'error_invitation_details_required' },
  STOCK_BIKE_DEALER_INVALID: { statusCode: 400, t_key: 'error_stock_bike_dealer_invalid' },
  STOCK_BIKE_NOT_EDITABLE: { statusCode: 409, t_key: 'error_stock_bike_not_editable' },
  STOCK_BIKE_PHOTO_TYPE: { statusCode: 415, t_key: 'error_stock_bike_photo_type' },
  STOCK_BIKE_PHOTO_TOO_LARGE: { statusCode: 413, t_key: 'error_stock_bike_photo_too_large' },
  STOCK_BIKE_PHOTO_LIMIT: { statusCode: 409, t_key: 'error_stock_bike_photo_limit' },
  STOCK_BIKE_PHOTO_NOT_FOUND: { statusCode: 404, t_key: 'error_stock_bike_photo_not_found' },
  /** The profile picture (decision 057). */
  AVATAR_TYPE: { statusCode: 415, t_key: 'error_avatar_type' },
  AVATAR_TOO_LARGE: { statusCode: 413, t_key: 'error_avatar_too_large' },
  AVATAR_DIMENSIONS: { statusCode: 400, t_key: 'error_avatar_dimensions' },
  AVATAR_NOT_FOUND: { statusCode: 404, t_key: 'error_avatar_not_found' },
  /** Model and option images, model texts (decision 059). */
  CATALOG_IMAGE_TYPE: { statusCode: 415, t_key: 'error_stock_bike_photo_type' },
  CATALOG_IMAGE_TOO_LARGE: { statusCode: 413, t_key: 'error_catalog_image_too_large' },
  CATALOG_IMAGE_DIMENSIONS: { statusCode: 400, t_key: 'error_catalog_image_dimensions' },
  CATALOG_IMAGE_LIMIT: { statusCode: 409, t_key: 'error_catalog_image_limit' },
  CATALOG_IMAGE_NOT_FOUND: { statusCode: 404, t_key: 'error_stock_bike_photo_not_found' },
  MODEL_TEXTS_UNKNOWN: { statusCode: 404, t_key: 'error_model_texts_unknown' },
  RESERVATION_NOT_FOUND: { statusCode: 404, t_key: 'error_reservation_not_found' },
  RESERVATION_PAID: { statusCode: 409, t_key: 'error_reservation_paid' },
  MARKET_INCOMPLETE: { statusCode: 400, t_key: 'error_market_incomplete' },
  MARKET_CURRENCY_IN_USE: { statusCode: 409, t_key: 'error_market_currency_in_use' },
  MARKET_DEFAULT_PAUSE: { statusCode: 409, t_key: 'error_market_default_pause' },
  /** Checkout settings without card or paying in full, or with a method the market cannot offer (decision 054). */
  MARKET_SETTINGS_INVALID: { statusCode: 400, t_key: 'error_market_settings_invalid' },
  INTERNAL_ERROR: { statusCode: 500, t_key: 'unknow_error' },
  SERVICE_UNAVAILABLE: { statusCode: 503, t_key: 'error_service_unavailable' },
} as const satisfies Record<string, { statusCode: number; t_key: string }>;
export type ErrorCode = keyof typeof ERRORS;
