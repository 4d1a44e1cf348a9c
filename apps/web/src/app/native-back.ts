import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { backButtonAction } from '@kouyu/core';
import { useModals } from '@/lib/modals';
import { onNativeApp } from './native-platform';

/** The native back button (Capacitor): closes a modal first, else follows the rules of spec 000 §2. */
export function useNativeBackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  const { current, close } = useModals();
  const state = useRef({ pathname: location.pathname, modalOpen: current !== null });
  useEffect(() => {
    state.current = { pathname: location.pathname, modalOpen: current !== null };
  }, [location.pathname, current]);

  useEffect(
    () =>
      onNativeApp((App) =>
        App.addListener('backButton', () => {
          if (state.current.modalOpen) {
            close();
            return;
          }
          const action = backButtonAction(state.current.pathname, window.history.length);
          if (action.action === 'exit') void App.exitApp();
          else if (action.action === 'back') navigate(-1);
          else navigate(action.to);
        }),
      ),
    [close, navigate],
  );
}
