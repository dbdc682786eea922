/** What custom widgets get through RJSF's formContext. */
export interface FormRuntimeContext {
  /** the data as typed so far */
  getFormData: () => Record<string, unknown>;
  /** sets a sibling field (e.g. the captcha uuid next to the code) */
  setField: (name: string, value: unknown) => void;
  /** changes after a failed submit, so one-time codes (captcha) refresh */
  refreshNonce: number;
}
