/** Menu component keys (config/menus.json) that name a declared screen by another id. */
export const declarationAliases: Record<string, string> = {
  AccountChange: 'change-account',
  PasswordChange: 'change-password',
  EditionSettings: 'edition-settings',
  MyNotice: 'notice-list',
  'notice/myNotice': 'notice-list',
  myNotice: 'notice-list',
  AuditLog: 'audit-log',
  WishList: 'wish-list',
  UnitList: 'unit-list',
  ConsoleGuestSearch: 'console-guest-search',
  MessageRecipients: 'message-recipients',
  AllVehicles: 'all-vehicles',
  AllUnofficialGuests: 'all-unofficial-guests',
};
