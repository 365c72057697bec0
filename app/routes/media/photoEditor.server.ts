export { photoEditorLoader as loader } from '#server/media/photo/photoScreens.server';
