import { listDeclaration } from '../../engine/declaration-catalogue';
import { DeclaredList } from '../../engine/DeclaredList';

/** /guests: the unit's guests of the current edition, with their status and actions (ui-schemas/screens/guest-list.json). */
export default function GuestListScreen() {
  return <DeclaredList declaration={listDeclaration('guest-list')} />;
}
