/**
 * The back office's sections (decision 040), in the order of daily work. Each is `[translation key, path]`; the
 * compliance officer's whistleblowing desk stays in the account area (administrators do not see cases).
 */
export const ADMIN_SECTIONS = [
  ['admin_nav_dashboard', '/admin'],
  ['admin_nav_orders', '/admin/orders'],
  ['admin_nav_customers', '/admin/customers'],
  ['admin_nav_catalogue', '/admin/catalogue'],
  ['admin_nav_parts', '/admin/parts'],
  ['admin_nav_documents', '/admin/documents'],
  ['admin_nav_stock_bikes', '/admin/stock-bikes'],
  ['admin_nav_markets', '/admin/markets'],
  ['admin_nav_dealers', '/admin/dealers'],
  ['dealer_applications_title', '/admin/dealer-applications'],
  ['deliveries_title', '/admin/deliveries'],
  ['admin_nav_auction', '/admin/auction'],
  ['admin_nav_alerts', '/admin/alerts'],
  ['admin_nav_legal', '/admin/legal'],
  ['admin_nav_staff', '/admin/staff'],
  ['applications_title', '/admin/applications'],
  ['admin_nav_emails', '/admin/emails'],
  ['admin_nav_audit', '/admin/audit'],
] as const;
