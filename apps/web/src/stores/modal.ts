import { create } from 'zustand';

/**
 * App-level modal state: a modal opened through this store is closed on every route change together
 * with antd's static modals.
 */
interface ModalState {
  open: Record<string, boolean>;
  openModal: (key: string) => void;
  closeModal: (key: string) => void;
  closeAll: () => void;
}

export const useModalStore = create<ModalState>()((set) => ({
  open: {},
  openModal: (key) => set((state) => ({ open: { ...state.open, [key]: true } })),
  closeModal: (key) => set((state) => ({ open: { ...state.open, [key]: false } })),
  closeAll: () => set({ open: {} }),
}));

/** `[isOpen, open, close]` for one modal key. */
export function useAppModal(key: string): [boolean, () => void, () => void] {
  const isOpen = useModalStore((state) => state.open[key] ?? false);
  const openModal = useModalStore((state) => state.openModal);
  const closeModal = useModalStore((state) => state.closeModal);
  return [isOpen, () => openModal(key), () => closeModal(key)];
}
