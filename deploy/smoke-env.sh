# Sourced by deploy/smoke-test.sh and deploy/replicas-smoke.sh: `smoke_env DATABASE_URL PUBLIC_URL` prints a
# production environment of the right shapes, with fresh keys. Nothing in it is called at start (SMTP, Stripe,
# reCAPTCHA), so the server starts without any outside service.
smoke_env() {
  cat <<EOF_ENV
NODE_ENV=production
DATABASE_URL=$1
PUBLIC_URL=$2
TRUST_PROXY=loopback
JWT_SECRET=$(openssl rand -base64 48 | tr -d '\n')
WHISTLEBLOWING_KEY=$(openssl rand -base64 32)
SMTP_URL=smtp://127.0.0.1:9
RECAPTCHA_SITE_KEY=6LcSmokeSiteKey
RECAPTCHA_PROJECT_ID=shop-smoke
RECAPTCHA_API_KEY=AIzaSmokeApiKey
PAYMENT_PROVIDER=stripe
STRIPE_SECRET_KEY=sk_live_51SmokeKeyForTheStartTest
STRIPE_PUBLISHABLE_KEY=pk_live_51SmokeKeyForTheStartTest
STRIPE_WEBHOOK_SECRET=whsec_$(openssl rand -hex 16)
BANK_TRANSFER_IBAN=DE89370400440532013000
BANK_TRANSFER_BIC=COBADEFFXXX
EOF_ENV
}
