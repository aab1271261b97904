/**
 * The header's Support and Account menus. Until one is first opened the page carries only its trigger, a plain button
 * that looks and answers as Radix's does (pointer down, Enter, Space, ArrowDown); the menu itself (Radix and its
 * positioning code, MenuPopup.tsx) is fetched then, or already on hover or focus (decision 0023).
 */
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFindRoute } from '../routeLookup';
import { lazyPart } from './lazyPart';
import { Chevron, triggerClass } from './menuTrigger';
import type { MenuProps, OpenedBy } from './MenuPopup';
import { ACCOUNT_ITEMS, SUPPORT_ITEMS, accountHref, existingItems } from './navItems';

const menuPopup = lazyPart(() => import('./MenuPopup'));
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

function Menu(props: MenuProps) {
  const [module, setModule] = useState(menuPopup.current);
  const [openedBy, setOpenedBy] = useState<OpenedBy | null>(null);
  if (module) return <module.MenuPopup {...props} openedBy={openedBy} />;
  const preload = () => { void menuPopup.load().catch(() => { /* tried again on open */ }); };
  const open = (by: OpenedBy) => {
    if (openedBy !== null) return;
    setOpenedBy(by);
    // Offline: the trigger stays as it was and the next press tries again.
    menuPopup.load().then((m) => setModule(() => m), () => setOpenedBy(null));
  };
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      aria-busy={openedBy !== null ? true : undefined}
      className={triggerClass}
      onPointerEnter={preload}
      onFocus={preload}
      onPointerDown={(event: PointerEvent) => {
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        open('pointer');
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        open('keyboard');
      }}
      // A click with no pointer down before it: assistive technology activating the button.
      onClick={(event) => { if (event.detail === 0) open('keyboard'); }}
    >
      {props.label}
      <Chevron />
    </button>
  );
}

export function SupportMenu() {
  const { t } = useTranslation('layout');
  return <Menu label={t('header.support')} items={SUPPORT_ITEMS} href={(to) => to} />;
}

export function AccountMenu({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation('layout');
  const find = useFindRoute();
  return <Menu label={t('header.account')} items={existingItems(ACCOUNT_ITEMS, find)} href={(to) => accountHref(to, loggedIn)} />;
}
