import { TextPage } from './TextPage';

export default function PrivacyPolicyScreen() {
  return <TextPage prefix="privacy" />;
}
