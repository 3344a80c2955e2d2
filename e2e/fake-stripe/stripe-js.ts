// The fake Stripe.js (served at any path ending in stripe.js or /v3), second part (the Elements group and the Stripe
// object: confirm, retrieve, next actions). Plain JavaScript for the browser, no substitutions.
import { STRIPE_JS_HEAD } from './stripe-js-elements.ts';

const STRIPE_JS_TAIL = String.raw`  function FakeElements(stripe, options) {
    this.stripe = stripe;
    this.options = Object.assign({}, options || {});
    this._elements = [];
    this._submitted = false;
  }
  FakeElements.prototype.create = function (type, options) {
    var element = new FakeElement(this, type, options);
    this._elements.push(element);
    return element;
  };
  FakeElements.prototype.getElement = function (type) {
    for (var i = 0; i < this._elements.length; i++) if (this._elements[i].type === type) return this._elements[i];
    return null;
  };
  FakeElements.prototype.update = function (options) {
    // Like Stripe.js: a Promise; a test can make Stripe refuse updates (window.fakeStripe.failUpdates).
    if (window.fakeStripe.failUpdates)
      return Promise.reject(IntegrationError('elements.update(): the amount could not be updated.'));
    window.fakeStripe.updates.push(options);
    var before = JSON.stringify(this.options.allowedPaymentMethodTypes || this.options.paymentMethodTypes || null);
    Object.assign(this.options, options || {});
    if (JSON.stringify(this.options.allowedPaymentMethodTypes || this.options.paymentMethodTypes || null) !== before)
      this._elements.forEach(function (element) {
        element._rerender();
      });
    return Promise.resolve();
  };
  FakeElements.prototype.fetchUpdates = async function () {
    return {};
  };
  FakeElements.prototype._payment = function () {
    for (var i = 0; i < this._elements.length; i++) {
      var element = this._elements[i];
      if (element.node && ['payment', 'card', 'cardNumber', 'iban'].indexOf(element.type) >= 0) return element;
    }
    return null;
  };
  FakeElements.prototype.submit = async function () {
    var element = this._payment();
    if (!element)
      return { error: { type: 'validation_error', message: 'elements.submit() needs a mounted Payment Element.' } };
    var error = element._validate();
    if (error) return { error: error };
    this._submitted = true;
    return { selectedPaymentMethod: element.kind() };
  };

  function redirectTo(returnUrl, kind, id, clientSecret, status) {
    var url =
      returnUrl +
      (returnUrl.indexOf('?') >= 0 ? '&' : '?') +
      kind + '=' + encodeURIComponent(id) +
      '&' + kind + '_client_secret=' + encodeURIComponent(clientSecret) +
      '&redirect_status=' + status;
    window.fakeStripe.redirects.push(url);
    window.location.href = url;
    return new Promise(function () {});
  }

  function methodData(elements, confirmParams) {
    var element = elements && elements._payment();
    var data = Object.assign({}, (confirmParams && confirmParams.payment_method_data) || {});
    if (!element) return data;
    var kind = element.kind();
    data.type = kind;
    if (kind === 'card') data.card = { number: element._value() };
    if (kind === 'sepa_debit') data.sepa_debit = { iban: element._value() };
    return data;
  }

  function FakeStripe(key, options) {
    if (!(this instanceof FakeStripe)) return new FakeStripe(key, options);
    if (typeof key !== 'string' || !/^pk_(test|live)_/.test(key))
      throw IntegrationError('Invalid API Key provided: ' + String(key));
    this._key = key;
    this._options = options || {};
    window.fakeStripe.instances.push(this);
  }

  FakeStripe.prototype.elements = function (options) {
    return new FakeElements(this, options);
  };

  FakeStripe.prototype._registerWrapper = function () {};

  FakeStripe.prototype._authenticate = async function (kind, id, clientSecret) {
    var outcome = window.fakeStripeAuthentication === 'fail' ? 'fail' : 'pass';
    return request('POST', '/v1/' + kind + 's/' + id + '/fake_authenticate', {
      key: this._key,
      client_secret: clientSecret,
      outcome: outcome,
    });
  };

  FakeStripe.prototype._confirm = async function (kind, args, what) {
    args = args || {};
    var elements = args.elements;
    var clientSecret = args.clientSecret || (elements && elements.options.clientSecret);
    if (!clientSecret) throw IntegrationError('Invalid value for ' + what + ': clientSecret is required.');
    var id = intentId(clientSecret, what);
    var confirmParams = args.confirmParams || {};
    var redirect = args.redirect || 'always';
    if (!confirmParams.return_url && redirect !== 'if_required')
      throw IntegrationError('stripe.' + what + '(): the confirmParams.return_url argument is required unless passing redirect: \'if_required\'');
    if (elements && !elements.options.clientSecret && !elements._submitted)
      throw IntegrationError(
        'elements.submit() must be called before stripe.' + what + '(). Call elements.submit() as soon as your customer presses pay, prior to any asynchronous work.',
      );
    if (elements) elements._submitted = false;
    var params = Object.assign({}, confirmParams, {
      key: this._key,
      client_secret: clientSecret,
      payment_method_data: methodData(elements, confirmParams),
    });
    if (args.paymentMethod || confirmParams.payment_method) {
      params.payment_method = args.paymentMethod || confirmParams.payment_method;
      delete params.payment_method_data;
    }
    window.fakeStripe.confirms.push({ kind: kind, id: id, params: params });
    var res = await request('POST', '/v1/' + kind + 's/' + id + '/confirm', params);
    if (!res.ok) return { error: cleanError(res.body.error) };
    var intent = res.body;
    if (intent.status === 'requires_action' && intent.next_action && intent.next_action.type !== 'display_bank_transfer_instructions') {
      var redirectMethod = intent.next_action.type === 'redirect_to_url';
      res = await this._authenticate(kind, id, clientSecret);
      if (!res.ok) return { error: cleanError(res.body.error) };
      intent = res.body;
      if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
        if (redirectMethod && confirmParams.return_url)
          return redirectTo(confirmParams.return_url, kind, id, clientSecret, 'failed');
        return { error: cleanError(Object.assign({}, intent.last_payment_error, { payment_intent: intent })) };
      }
    }
    if (redirect === 'if_required') {
      var result = {};
      result[kind === 'payment_intent' ? 'paymentIntent' : 'setupIntent'] = intent;
      return result;
    }
    return redirectTo(confirmParams.return_url, kind, id, clientSecret, 'succeeded');
  };

  FakeStripe.prototype.confirmPayment = function (args) {
    return this._confirm('payment_intent', args, 'confirmPayment');
  };

  FakeStripe.prototype.confirmSetup = function (args) {
    return this._confirm('setup_intent', args, 'confirmSetup');
  };

  FakeStripe.prototype._retrieve = async function (kind, clientSecret, what) {
    var id = intentId(clientSecret, what);
    var res = await request('GET', '/v1/' + kind + 's/' + id, { key: this._key, client_secret: clientSecret });
    if (!res.ok) return { error: cleanError(res.body.error) };
    var result = {};
    result[kind === 'payment_intent' ? 'paymentIntent' : 'setupIntent'] = res.body;
    return result;
  };

  FakeStripe.prototype.retrievePaymentIntent = function (clientSecret) {
    return this._retrieve('payment_intent', clientSecret, 'retrievePaymentIntent');
  };

  FakeStripe.prototype.retrieveSetupIntent = function (clientSecret) {
    return this._retrieve('setup_intent', clientSecret, 'retrieveSetupIntent');
  };

  FakeStripe.prototype.handleNextAction = async function (args) {
    var clientSecret = args && args.clientSecret;
    var kind = String(clientSecret).indexOf('seti_') === 0 ? 'setup_intent' : 'payment_intent';
    var id = intentId(clientSecret, 'handleNextAction');
    var res = await this._authenticate(kind, id, clientSecret);
    if (!res.ok) return { error: cleanError(res.body.error) };
    var result = {};
    result[kind === 'payment_intent' ? 'paymentIntent' : 'setupIntent'] = res.body;
    return result;
  };

  // @stripe/stripe-js warns unless the version is its release train; it calls _registerWrapper on the instance.
  FakeStripe.version = 'endive';
  FakeStripe.fake = true;
  FakeStripe._registerWrapper = function () {};
  window.fakeStripe = { instances: [], confirms: [], redirects: [], updates: [], failUpdates: false };
  window.Stripe = FakeStripe;
})();
`;

export const STRIPE_JS = STRIPE_JS_HEAD + STRIPE_JS_TAIL;
