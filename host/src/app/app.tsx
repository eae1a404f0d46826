/** The host's providers and its one router instance. */
import { BrowserRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { I18nextProvider } from 'react-i18next';
import {
  appStore,
  defaultTheme,
  DialogHost,
  GlobalSpinner,
  GlobalStyle,
  i18n,
  StoreProvider,
  ToastHost,
} from '@meridian/shared';
import { NavigationBridge } from './navigation-bridge';
import { Shell } from './shell';

export function App() {
  return (
    <StoreProvider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={defaultTheme}>
          <GlobalStyle />
          {/* BrowserRouter rather than the data router: we use none of its data APIs, and it is half the size. */}
          <BrowserRouter>
            <NavigationBridge>
              <Shell />
            </NavigationBridge>
          </BrowserRouter>
          <ToastHost />
          <DialogHost />
          <GlobalSpinner />
        </ThemeProvider>
      </I18nextProvider>
    </StoreProvider>
  );
}
