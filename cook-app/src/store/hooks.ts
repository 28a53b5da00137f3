import { useDispatch, useSelector } from 'react-redux';
import type { CookDispatch, CookRootState } from './thunk';

/** dispatch typed for the cook store's thunks (`await dispatch(op(arg)).unwrap()`). */
export const useCookDispatch = useDispatch.withTypes<CookDispatch>();
export const useCookSelector = useSelector.withTypes<CookRootState>();
