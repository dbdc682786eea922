import { TextPage } from './TextPage';

/** Registration guide for visitors and users. */
export default function GuideScreen() {
  return <TextPage prefix="guide" />;
}
