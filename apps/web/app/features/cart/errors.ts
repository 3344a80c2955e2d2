/** The code of a dealer's own price that is not a number (the web's own check; the API's bounds answer in words). */
export const DEALER_PRICE_INVALID = 'DEALER_PRICE_INVALID';
