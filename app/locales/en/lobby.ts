/** English strings of the lobby (/ety), device settings and demo screens (keys mirrored by es/ and fr/). */
const lobby = {
  title: 'Getting ready',
};

export default lobby;
