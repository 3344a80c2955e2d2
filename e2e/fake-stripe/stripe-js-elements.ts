// The fake Stripe.js, first part (its helpers and the element a buyer types a card number or an IBAN into); the
// rest, and the whole script, in stripe-js.ts. Plain JavaScript for the browser; its only substitution is the Luhn
// check of test-cards.ts (the server's and the sandbox's), sent as its source.
import { luhnValid } from '../../apps/api/src/providers/payments/test-cards.ts';

export const STRIPE_JS_HEAD = String.raw`(function () {
  'use strict';
  if (window.Stripe && window.Stripe.fake) return;
  var API = 'https://api.stripe.com';

  function IntegrationError(message) {
    var error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  function flatten(value, prefix, out) {
    if (value === undefined || value === null) return out;
    if (typeof value === 'object') {
      Object.keys(value).forEach(function (key) {
        flatten(value[key], prefix ? prefix + '[' + key + ']' : key, out);
      });
    } else {
      out.push(encodeURIComponent(prefix) + '=' + encodeURIComponent(String(value)));
    }
    return out;
  }

  async function request(method, path, params) {
    var encoded = flatten(params, '', []).join('&');
    var res = await fetch(API + path + (method === 'GET' ? '?' + encoded : ''), {
      method: method,
      headers: method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' },
      body: method === 'GET' ? undefined : encoded,
    });
    var body;
    try {
      body = await res.json();
    } catch (e) {
      body = { error: { type: 'api_error', message: 'Fake Stripe answered ' + res.status + ' without JSON.' } };
    }
    return { ok: res.ok, status: res.status, body: body };
  }

  function intentId(clientSecret, what) {
    var at = typeof clientSecret === 'string' ? clientSecret.indexOf('_secret_') : -1;
    if (at <= 0) throw IntegrationError('Invalid value for ' + what + ': clientSecret should be a client secret of the form pi_…_secret_….');
    return clientSecret.slice(0, at);
  }

  function cleanError(error) {
    var out = {};
    ['type', 'code', 'decline_code', 'message', 'param', 'payment_intent', 'setup_intent', 'payment_method'].forEach(
      function (key) {
        if (error && error[key] !== undefined) out[key] = error[key];
      },
    );
    if (!out.type) out.type = 'api_error';
    return out;
  }

  function resolveTarget(target) {
    var el = typeof target === 'string' ? document.querySelector(target) : target;
    if (!el || el.nodeType !== 1)
      throw IntegrationError('The selector you specified (' + String(target) + ') applies to no DOM elements that are currently on the page.');
    return el;
  }

  var luhn = ${luhnValid.toString()};

  function Emitter() {
    this._listeners = {};
  }
  Emitter.prototype.on = function (event, cb) {
    (this._listeners[event] = this._listeners[event] || []).push(cb);
    if (event === 'ready' && this._ready) setTimeout(cb.bind(null, { elementType: this.type }), 0);
    return this;
  };
  Emitter.prototype.once = function (event, cb) {
    var self = this;
    function wrapper(e) {
      self.off(event, wrapper);
      cb(e);
    }
    return this.on(event, wrapper);
  };
  Emitter.prototype.off = function (event, cb) {
    var list = this._listeners[event] || [];
    this._listeners[event] = cb ? list.filter(function (x) { return x !== cb; }) : [];
    return this;
  };
  Emitter.prototype._emit = function (event, payload) {
    (this._listeners[event] || []).slice().forEach(function (cb) {
      cb(payload);
    });
  };

  // One element. A 'payment' element shows a card number (paymentMethodTypes absent or with 'card') or an IBAN
  // ('sepa_debit'); other methods show a line that says nothing is to be entered here.
  function FakeElement(group, type, options) {
    Emitter.call(this);
    this.group = group;
    this.type = type;
    this.options = options || {};
    this.node = null;
    this.input = null;
    this._ready = false;
    this._destroyed = false;
  }
  FakeElement.prototype = Object.create(Emitter.prototype);
  FakeElement.prototype.kind = function () {
    var types = this.group.options.allowedPaymentMethodTypes || this.group.options.paymentMethodTypes;
    if (this.type === 'card' || this.type === 'cardNumber') return 'card';
    if (this.type === 'iban') return 'sepa_debit';
    if (this.type !== 'payment') return this.type;
    if (!types || !types.length || types.indexOf('card') >= 0) return 'card';
    return types[0];
  };
  FakeElement.prototype._render = function () {
    var self = this;
    var kind = this.kind();
    var wrap = document.createElement('div');
    wrap.className = 'fake-stripe-element';
    wrap.setAttribute('data-fake-stripe', kind);
    wrap.style.display = 'grid';
    wrap.style.gap = '0.5rem';
    this.input = null;
    if (kind === 'card' || kind === 'sepa_debit') {
      var label = document.createElement('label');
      label.style.display = 'grid';
      label.style.gap = '0.25rem';
      label.appendChild(document.createTextNode(kind === 'card' ? 'Card number' : 'IBAN'));
      var input = document.createElement('input');
      input.type = 'text';
      input.name = kind === 'card' ? 'fake-stripe-card' : 'fake-stripe-iban';
      input.autocomplete = kind === 'card' ? 'cc-number' : 'off';
      if (kind === 'card') input.inputMode = 'numeric';
      input.spellcheck = false;
      input.style.padding = '0.5rem';
      input.style.border = '1px solid #767676';
      input.style.borderRadius = '4px';
      input.style.font = 'inherit';
      if (this.options.disabled) input.disabled = true;
      input.addEventListener('input', function () {
        self._emit('change', self._state());
      });
      input.addEventListener('focus', function () {
        self._emit('focus', { elementType: self.type });
      });
      input.addEventListener('blur', function () {
        self._emit('blur', { elementType: self.type });
      });
      label.appendChild(input);
      wrap.appendChild(label);
      this.input = input;
    } else if (this.type === 'payment') {
      var note = document.createElement('p');
      note.textContent = 'Fake Stripe: nothing to enter for ' + kind + '.';
      wrap.appendChild(note);
    }
    return wrap;
  };
  FakeElement.prototype._value = function () {
    if (!this.input) return '';
    return this.kind() === 'card' ? this.input.value.replace(/\D/g, '') : this.input.value.replace(/\s/g, '').toUpperCase();
  };
  FakeElement.prototype._validate = function () {
    var kind = this.kind();
    var value = this._value();
    if (kind === 'card') {
      if (!value) return { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' };
      if (value.length < 13) return { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' };
      if (!luhn(value)) return { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' };
    }
    if (kind === 'sepa_debit') {
      if (!value) return { type: 'validation_error', code: 'incomplete_iban', message: 'Your IBAN is incomplete.' };
      if (!/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(value))
        return { type: 'validation_error', code: 'invalid_iban', message: 'Your IBAN is invalid.' };
    }
    return null;
  };
  FakeElement.prototype._state = function () {
    var value = this._value();
    return {
      elementType: this.type,
      empty: !value,
      complete: !this._validate(),
      collapsed: false,
      value: { type: this.kind() },
    };
  };
  FakeElement.prototype.mount = function (target) {
    if (this._destroyed) throw IntegrationError('This Element has already been destroyed. Please create a new one.');
    var el = resolveTarget(target);
    if (this.node) this.unmount();
    this.node = this._render();
    el.appendChild(this.node);
    var self = this;
    setTimeout(function () {
      if (!self.node) return;
      self._ready = true;
      self._emit('ready', { elementType: self.type });
    }, 0);
  };
  FakeElement.prototype.unmount = function () {
    if (this.node && this.node.parentNode) this.node.parentNode.removeChild(this.node);
    this.node = null;
    this.input = null;
    this._ready = false;
  };
  FakeElement.prototype.destroy = function () {
    this.unmount();
    this._destroyed = true;
    var all = this.group._elements;
    var at = all.indexOf(this);
    if (at >= 0) all.splice(at, 1);
  };
  FakeElement.prototype.update = function (options) {
    Object.assign(this.options, options || {});
    if (this.input) this.input.disabled = !!this.options.disabled;
  };
  FakeElement.prototype.focus = function () {
    if (this.input) this.input.focus();
  };
  FakeElement.prototype.blur = function () {
    if (this.input) this.input.blur();
  };
  FakeElement.prototype.clear = function () {
    if (this.input) this.input.value = '';
  };
  FakeElement.prototype.collapse = function () {};
  FakeElement.prototype._rerender = function () {
    if (!this.node || !this.node.parentNode) return;
    var parent = this.node.parentNode;
    var old = this.node;
    this.node = this._render();
    parent.replaceChild(this.node, old);
  };
`;
